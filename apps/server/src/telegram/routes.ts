import { TELEGRAM_TEXTS } from "@p2p/shared";
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { AppError } from "../http/errors.js";
import { findLink, issueLinkToken, unlinkUser } from "./links.js";
import { handleWebhookUpdate, WEBHOOK_PATH, type Telegram } from "./telegram.js";

const SECRET_HEADER = "x-telegram-bot-api-secret-token";

/** Linking a Telegram chat to the caller's account (DESIGN §4), and the bot's webhook. */
export async function telegramRoutes(app: FastifyInstance, ctx: AppContext, telegram: Telegram | null): Promise<void> {
  const configured = (): Telegram => {
    if (!telegram) throw new AppError("NOT_CONFIGURED", TELEGRAM_TEXTS.notConfigured);
    return telegram;
  };

  app.post("/api/telegram/link", async (req) => {
    const user = await ctx.auth.require(req);
    const bot = configured();
    const username = await bot.username();
    const token = await issueLinkToken(ctx.db, user.id);
    return { url: `https://t.me/${username}?start=${token}` };
  });

  app.get("/api/telegram/status", async (req, reply) => {
    const user = await ctx.auth.require(req);
    reply.header("Cache-Control", "no-store");
    const link = await findLink(ctx.db, user.id);
    return link ? { linked: true, ...(link.username ? { username: link.username } : {}), linked_at: link.linkedAt.toISOString() } : { linked: false };
  });

  app.delete("/api/telegram/link", async (req) => {
    const user = await ctx.auth.require(req);
    await unlinkUser(ctx.db, user.id);
    return { linked: false };
  });

  app.post(WEBHOOK_PATH, async (req, reply) => {
    if (!telegram || telegram.mode !== "webhook") throw new AppError("NOT_FOUND", "Not found.");
    const given = req.headers[SECRET_HEADER];
    if (typeof given !== "string" || !sameSecret(given, telegram.webhookSecret)) {
      throw new AppError("UNAUTHENTICATED", "Wrong webhook secret.");
    }
    const update = req.body;
    if (!update || typeof update !== "object" || typeof (update as { update_id?: unknown }).update_id !== "number") {
      throw new AppError("BAD_REQUEST", "Not a Telegram update.");
    }
    // Errors inside the handlers are caught by bot.catch; Telegram gets 200 so it does not redeliver forever.
    await handleWebhookUpdate(telegram, update);
    return reply.send({ ok: true });
  });
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
