import { healthResponse } from "@p2p/shared";
import { contracts } from "../openapi/route-contract.js";

export const healthContract = contracts("Health", {
  "GET /api/health": {
    summary: "Whether the database, jobs and realtime bus are working",
    access: "public",
    responses: { 200: healthResponse, 503: healthResponse },
  },
});
