import { adminCoinListResponse, adminCoinResponse, coinListResponse, priceHistoryQuery, priceHistoryResponse, updateCoinRequest } from "@p2p/shared";
import { contracts } from "../openapi/route-contract.js";

export const coinContract = contracts("Coins", {
  "GET /api/coins": {
    summary: "The listed coins and their prices (with the caller's watchlist when signed in)",
    access: "public",
    responses: { 200: coinListResponse },
  },
  "GET /api/coins/:symbol/price-history": {
    summary: "A coin's completed trade prices",
    access: "public",
    query: priceHistoryQuery,
    responses: { 200: priceHistoryResponse },
  },
  "POST /api/coins/:symbol/watch": { summary: "Watch a coin's price", access: "signed-in", responses: { 204: "no content" } },
  "DELETE /api/coins/:symbol/watch": { summary: "Stop watching a coin", access: "signed-in", responses: { 204: "no content" } },
  "GET /api/admin/coins": {
    summary: "Every coin, listed or not, with its deposit address",
    access: "admin",
    responses: { 200: adminCoinListResponse },
  },
  "PATCH /api/admin/coins/:symbol": {
    summary: "List or unlist a coin, set its deposit address",
    access: "admin",
    body: updateCoinRequest,
    responses: { 200: adminCoinResponse },
  },
});
