import {
  adminListOrdersQuery,
  cancelOrderRequest,
  confirmPaymentRequest,
  createOpenRequestRequest,
  createOrderRequest,
  emptyRequest,
  listOrdersQuery,
  marketplaceResponse,
  openAppealRequest,
  orderListResponse,
  orderResponse,
  rateOrderRequest,
  resolveAppealRequest,
  transactionHistoryQuery,
  transactionHistoryResponse,
} from "@p2p/shared";
import { z } from "zod";
import { contracts, type RouteContract } from "../openapi/route-contract.js";

/** A move of the order state machine: the order as the caller now sees it. */
const move = (summary: string, body: RouteContract["body"] = emptyRequest, access: RouteContract["access"] = "signed-in"): RouteContract => ({
  summary,
  access,
  body,
  idempotent: true,
  responses: { 200: orderResponse },
});

export const orderContract = contracts("Orders", {
  "POST /api/orders": {
    summary: "Open an order on a merchant's offer",
    description: "Names the price and offer version the trader saw: 409 OFFER_CHANGED (with the new terms in fields) when the offer changed since.",
    access: "trader",
    body: createOrderRequest,
    idempotent: true,
    responses: { 201: orderResponse },
  },
  "POST /api/orders/open-requests": {
    summary: "Post an open buy or sell request for any merchant to take",
    access: "trader",
    body: createOpenRequestRequest,
    idempotent: true,
    responses: { 201: orderResponse },
  },
  "GET /api/orders": { summary: "The caller's orders", access: "signed-in", query: listOrdersQuery, responses: { 200: orderListResponse } },
  "GET /api/orders/:id": { summary: "One order, as its party (or an admin) sees it", access: "signed-in", responses: { 200: orderResponse } },
  "POST /api/orders/:id/accept": move("The merchant accepts the order; the seller's coins go into escrow"),
  "POST /api/orders/:id/mark-paid": move("The buyer marks the naira transfer sent"),
  "POST /api/orders/:id/confirm-payment": move("The seller confirms the naira arrived: escrow is released to the buyer", confirmPaymentRequest),
  "POST /api/orders/:id/cancel": move("Cancel the order (while the state machine allows it)", cancelOrderRequest),
  "POST /api/orders/:id/appeal": move("Open an appeal: the order is disputed until an admin resolves it", openAppealRequest),
  "POST /api/orders/:id/withdraw-appeal": move("Withdraw one's own appeal"),
  "POST /api/admin/orders/:id/resolve": move("Resolve a disputed order: release to the buyer or refund the seller", resolveAppealRequest, "admin"),
  "POST /api/orders/:id/rating": {
    summary: "Rate the other party of a completed order",
    access: "signed-in",
    body: rateOrderRequest,
    responses: { 201: z.object({ stars: z.number().int(), reputation_score: z.string() }) },
  },
  "GET /api/marketplace": { summary: "Open requests a merchant may take", access: "merchant", responses: { 200: marketplaceResponse } },
  "GET /api/transaction-history": {
    summary: "The caller's completed and ended trades",
    access: "signed-in",
    query: transactionHistoryQuery,
    responses: { 200: transactionHistoryResponse },
  },
  "GET /api/admin/orders": { summary: "Every order, filtered", access: "admin", query: adminListOrdersQuery, responses: { 200: orderListResponse } },
});
