import { addAppealEvidenceRequest, appealDetailSchema, appealPageSchema, listAppealsQuery } from "@p2p/shared";
import { contracts } from "../openapi/route-contract.js";

export const appealContract = contracts("Appeals", {
  "GET /api/appeals": {
    summary: "Disputed orders the caller is party to (every one, for admins)",
    access: "signed-in",
    query: listAppealsQuery,
    responses: { 200: appealPageSchema },
  },
  "GET /api/appeals/:orderId": {
    summary: "One disputed order's appeal, evidence and timeline",
    access: "signed-in",
    responses: { 200: appealDetailSchema },
  },
  "POST /api/appeals/:orderId/evidence": {
    summary: "Attach uploaded images as evidence to the open appeal",
    access: "signed-in",
    body: addAppealEvidenceRequest,
    responses: { 201: appealDetailSchema },
  },
});
