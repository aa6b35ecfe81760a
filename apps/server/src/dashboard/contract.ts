import { coinAnalyticsResponse, dashboardSummary } from "@p2p/shared";
import { contracts } from "../openapi/route-contract.js";

export const dashboardContract = contracts("Dashboard", {
  "GET /api/dashboard/summary": { summary: "The dashboard's tiles and recent activity", access: "signed-in", responses: { 200: dashboardSummary } },
  "GET /api/dashboard/coin-analytics": {
    summary: "Each coin's buys and sells of the last 24 hours, and its trend",
    access: "signed-in",
    responses: { 200: coinAnalyticsResponse },
  },
});
