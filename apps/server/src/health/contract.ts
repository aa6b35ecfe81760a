import { healthResponse } from "@p2p/shared";
import { contracts } from "../openapi/route-contract.js";

export const healthContract = contracts("Health", {
  "GET /api/health": {
    summary: "Whether the database, jobs and realtime bus are working, and how far behind each chain watcher is",
    access: "public",
    responses: { 200: healthResponse, 503: healthResponse },
  },
});
