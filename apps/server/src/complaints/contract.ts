import {
  adminListComplaintsQuery,
  complaintDetailSchema,
  complaintMessageRequest,
  complaintPageSchema,
  complaintSchema,
  complaintStatusRequest,
  createComplaintRequest,
  listComplaintsQuery,
} from "@p2p/shared";
import { contracts } from "../openapi/route-contract.js";

export const complaintContract = contracts("Complaints", {
  "POST /api/complaints": {
    summary: "Open a complaint (help ticket)",
    access: "signed-in",
    body: createComplaintRequest,
    responses: { 201: complaintSchema },
  },
  "GET /api/complaints": {
    summary: "The caller's complaints, newest first",
    access: "signed-in",
    query: listComplaintsQuery,
    responses: { 200: complaintPageSchema },
  },
  "GET /api/complaints/:id": {
    summary: "One of the caller's complaints with its thread",
    access: "signed-in",
    responses: { 200: complaintDetailSchema },
  },
  "POST /api/complaints/:id/messages": {
    summary: "Add a follow-up to one's own complaint",
    access: "signed-in",
    body: complaintMessageRequest,
    responses: { 201: complaintDetailSchema },
  },
  "GET /api/admin/complaints": {
    summary: "Every complaint, filtered",
    access: "admin",
    query: adminListComplaintsQuery,
    responses: { 200: complaintPageSchema },
  },
  "GET /api/admin/complaints/:id": { summary: "A complaint with its thread", access: "admin", responses: { 200: complaintDetailSchema } },
  "POST /api/admin/complaints/:id/replies": {
    summary: "Reply to a complaint",
    access: "admin",
    body: complaintMessageRequest,
    responses: { 201: complaintDetailSchema },
  },
  "POST /api/admin/complaints/:id/status": {
    summary: "Move a complaint (open → in_review → resolved or closed)",
    access: "admin",
    body: complaintStatusRequest,
    responses: { 200: complaintDetailSchema },
  },
});
