import {
  adminListUsersQuery,
  adminOverviewResponse,
  adminUserDetailResponse,
  adminUserListResponse,
  auditLogQuery,
  auditLogResponse,
  changeUserRoleRequest,
  changeUserRoleResponse,
  emptyRequest,
  reviewReasonRequest,
  suspendUserResponse,
} from "@p2p/shared";
import { z } from "zod";
import { contracts } from "../openapi/route-contract.js";

export const adminContract = contracts("Admin", {
  "GET /api/admin/overview": { summary: "Counts for the admin overview", access: "admin", responses: { 200: adminOverviewResponse } },
  "GET /api/admin/users": {
    summary: "Accounts, searched and filtered",
    access: "admin",
    query: adminListUsersQuery,
    responses: { 200: adminUserListResponse },
  },
  "GET /api/admin/users/:id": {
    summary: "One account with its balances and recent orders",
    access: "admin",
    responses: { 200: adminUserDetailResponse },
  },
  "POST /api/admin/users/:id/role": {
    summary: "Change an account's role (admin takes a second admin's approval)",
    access: "admin",
    body: changeUserRoleRequest,
    responses: { 200: changeUserRoleResponse },
  },
  "DELETE /api/admin/users/:id/admin-proposal": {
    summary: "Withdraw one's own proposal to make an account admin",
    access: "admin",
    responses: { 200: z.object({ withdrawn: z.literal(true) }) },
  },
  "POST /api/admin/users/:id/suspend": {
    summary: "Suspend an account: sessions end, offers go offline, open orders are cancelled or disputed",
    access: "admin",
    body: reviewReasonRequest,
    responses: { 200: suspendUserResponse },
  },
  "POST /api/admin/users/:id/restore": {
    summary: "Lift a suspension",
    access: "admin",
    body: emptyRequest,
    responses: { 200: adminUserDetailResponse },
  },
  "GET /api/admin/audit-log": { summary: "The audit log, filtered", access: "admin", query: auditLogQuery, responses: { 200: auditLogResponse } },
});
