import {
  chatHistoryQuery,
  merchantChatMessageSchema,
  merchantChatMessagesResponse,
  markMerchantChatReadRequest,
  badgesResponse,
  sendChatMessageRequest,
} from "@p2p/shared";
import { z } from "zod";
import { contracts } from "../openapi/route-contract.js";

export const merchantChatContract = contracts("Merchant chat", {
  "GET /api/merchant-chat/messages": {
    summary: "The merchants' group chat, oldest first",
    access: "merchant or admin",
    query: chatHistoryQuery,
    responses: { 200: merchantChatMessagesResponse },
  },
  "POST /api/merchant-chat/messages": {
    summary: "Post in the merchants' group chat",
    access: "merchant or admin",
    body: sendChatMessageRequest,
    responses: { 201: z.object({ message: merchantChatMessageSchema }) },
  },
  "POST /api/merchant-chat/read": {
    summary: "Move the caller's read mark of the group chat forward",
    access: "merchant or admin",
    description: "The mark only moves forward; `badges.changed` on the caller's topic when it does. 400 for an unknown message.",
    body: markMerchantChatReadRequest,
    responses: { 200: z.object({ badges: badgesResponse }) },
  },
});
