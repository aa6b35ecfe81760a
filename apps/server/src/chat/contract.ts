import {
  addPaymentProofRequest,
  badgesResponse,
  chatHistoryQuery,
  chatListResponse,
  chatMessageSchema,
  chatMessagesResponse,
  chatReadReceiptSchema,
  listChatsQuery,
  markChatReadRequest,
  paymentProofResponse,
  paymentProofsResponse,
  sendOrderChatMessageRequest,
} from "@p2p/shared";
import { z } from "zod";
import { contracts } from "../openapi/route-contract.js";

export const chatContract = contracts("Order chat", {
  "GET /api/chats": {
    summary: "The caller's order chats, latest message first",
    access: "signed-in",
    query: listChatsQuery,
    responses: { 200: chatListResponse },
  },
  "GET /api/orders/:id/messages": {
    summary: "An order's chat history, oldest first",
    access: "signed-in",
    query: chatHistoryQuery,
    responses: { 200: chatMessagesResponse },
  },
  "POST /api/orders/:id/messages": {
    summary: "Send a message (text, an uploaded image, or both) in an order's chat",
    access: "signed-in",
    body: sendOrderChatMessageRequest,
    idempotent: true,
    responses: { 201: z.object({ message: chatMessageSchema }) },
  },
  "POST /api/orders/:id/messages/read": {
    summary: "Mark the chat read up to a message",
    access: "signed-in",
    body: markChatReadRequest,
    responses: { 200: z.object({ read: chatReadReceiptSchema, badges: badgesResponse }) },
  },
  "POST /api/orders/:id/typing": { summary: "Tell the other party the caller is typing", access: "signed-in", responses: { 204: "no content" } },
  "GET /api/orders/:id/proofs": { summary: "An order's payment proofs", access: "signed-in", responses: { 200: paymentProofsResponse } },
  "POST /api/orders/:id/proofs": {
    summary: "Attach the buyer's payment proof (an uploaded image); it is posted in the chat too",
    access: "signed-in",
    body: addPaymentProofRequest,
    responses: { 201: paymentProofResponse },
  },
});
