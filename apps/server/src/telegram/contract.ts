import { telegramLinkResponse, telegramStatusResponse } from "@p2p/shared";
import { z } from "zod";
import { contracts } from "../openapi/route-contract.js";

export const telegramContract = contracts("Telegram", {
  "POST /api/telegram/link": {
    summary: "A one-time deep link that links the bot to the account",
    access: "signed-in",
    responses: { 200: telegramLinkResponse },
  },
  "GET /api/telegram/status": { summary: "Whether a Telegram chat is linked", access: "signed-in", responses: { 200: telegramStatusResponse } },
  "DELETE /api/telegram/link": { summary: "Unlink Telegram", access: "signed-in", responses: { 200: telegramStatusResponse } },
  "POST /api/telegram/webhook": {
    summary: "Telegram's updates, when the bot runs by webhook",
    description: "Called by Telegram's servers: the X-Telegram-Bot-Api-Secret-Token header authenticates it.",
    access: "public",
    body: z.looseObject({ update_id: z.number().int() }),
    responses: { 200: z.object({ ok: z.literal(true) }) },
  },
});
