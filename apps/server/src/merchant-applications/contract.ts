import {
  adminMerchantApplicationListResponse,
  adminMerchantApplicationResponse,
  adminMerchantApplicationsQuery,
  emptyRequest,
  merchantApplicationRequest,
  myMerchantApplicationResponse,
  reviewReasonRequest,
} from "@p2p/shared";
import { contracts } from "../openapi/route-contract.js";

export const merchantApplicationContract = contracts("Merchant applications", {
  "GET /api/merchant-application": {
    summary: "The caller's latest application, or null",
    access: "signed-in",
    responses: { 200: myMerchantApplicationResponse },
  },
  "POST /api/merchant-application": {
    summary: "Apply to become a merchant (the ID photo as a data URL)",
    access: "signed-in",
    body: merchantApplicationRequest,
    responses: { 201: myMerchantApplicationResponse },
  },
  "GET /api/admin/merchant-applications": {
    summary: "Applications, by status",
    access: "admin",
    query: adminMerchantApplicationsQuery,
    responses: { 200: adminMerchantApplicationListResponse },
  },
  "GET /api/admin/merchant-applications/:id/document": { summary: "An application's ID photo", access: "admin", responses: { 200: "image" } },
  "POST /api/admin/merchant-applications/:id/approve": {
    summary: "Approve: the applicant becomes a merchant",
    access: "admin",
    body: emptyRequest,
    responses: { 200: adminMerchantApplicationResponse },
  },
  "POST /api/admin/merchant-applications/:id/reject": {
    summary: "Reject with a reason the applicant sees",
    access: "admin",
    body: reviewReasonRequest,
    responses: { 200: adminMerchantApplicationResponse },
  },
});
