import {
  chatHistoryQuery,
  merchantChatMessageSchema,
  merchantChatMessagesResponse,
  merchantChatUnseenQuery,
  merchantChatUnseenResponse,
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
  "GET /api/merchant-chat/unseen": {
    summary: "How many group messages arrived since a time",
    access: "merchant or admin",
    query: merchantChatUnseenQuery,
    responses: { 200: merchantChatUnseenResponse },
  },
});
