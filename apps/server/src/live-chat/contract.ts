import {
  badgesResponse,
  markLiveChatReadRequest,
  adminLiveChatListResponse,
  adminLiveChatQuery,
  chatHistoryQuery,
  liveChatMessageSchema,
  liveChatMessagesResponse,
  liveChatSessionResponse,
  myLiveChatResponse,
  openLiveChatRequest,
  sendLiveChatMessageRequest,
} from "@p2p/shared";
import { z } from "zod";
import { contracts } from "../openapi/route-contract.js";

export const liveChatContract = contracts("Live chat", {
  "POST /api/live-chat/sessions": {
    summary: "Ask support for a live chat (201), or write into the caller's open one (200)",
    access: "signed-in",
    body: openLiveChatRequest,
    responses: { 200: liveChatSessionResponse, 201: liveChatSessionResponse },
  },
  "GET /api/live-chat/sessions/mine": {
    summary: "The caller's latest live chat, or null",
    access: "signed-in",
    responses: { 200: myLiveChatResponse },
  },
  "GET /api/live-chat/sessions/:id/messages": {
    summary: "A live chat's messages, oldest first",
    access: "signed-in",
    query: chatHistoryQuery,
    responses: { 200: liveChatMessagesResponse },
  },
  "POST /api/live-chat/sessions/:id/messages": {
    summary: "Write in a live chat",
    access: "signed-in",
    body: sendLiveChatMessageRequest,
    responses: { 201: z.object({ message: liveChatMessageSchema }) },
  },
  "POST /api/live-chat/sessions/:id/read": {
    summary: "Move the owner's read mark of their live chat forward",
    access: "signed-in",
    description:
      "Owner only (anyone else 404); the mark only moves forward, `badges.changed` when it does; support's `new_message` notifications become read.",
    body: markLiveChatReadRequest,
    responses: { 200: z.object({ badges: badgesResponse }) },
  },
  "POST /api/live-chat/sessions/:id/close": { summary: "End one's own live chat", access: "signed-in", responses: { 200: liveChatSessionResponse } },
  "POST /api/admin/live-chat/sessions/:id/close": { summary: "End a live chat", access: "admin", responses: { 200: liveChatSessionResponse } },
  "GET /api/admin/live-chat/sessions": {
    summary: "Live chats, waiting ones first",
    access: "admin",
    query: adminLiveChatQuery,
    responses: { 200: adminLiveChatListResponse },
  },
});
