import { and, eq } from "drizzle-orm";
import { GrammyError } from "grammy";
import type { Logger } from "pino";
import { z } from "zod";
import type { JobRunner } from "../jobs/runner.js";
import { notifications, telegramLinks, users } from "../db/schema.js";
import { translatorFor } from "../i18n/i18n.js";
import { withDetails } from "../notifications/details-line.js";
import { channelEnabled } from "../notifications/preferences.js";
import type { Telegram } from "./telegram.js";

export const TELEGRAM_SEND_JOB = "telegram.send";

/** Queued by the notifications trigger (migration 0001_telegram) in the notification's transaction. */
const payloadSchema = z.object({ notificationId: z.string().uuid(), userId: z.string().uuid() });

/** Telegram's limit for one message's text. */
const MAX_TEXT = 4096;

/**
 * The notification as plain text in the reader's language (the row keeps the English): title, a
 * blank line, the message, and an order notice's details on the line under it. No parse_mode,
 * so no markup.
 */
export function telegramText(title: string, message: string, language: string, details: unknown = null): string {
  const tr = translatorFor(language);
  const text = `${tr.serverText(title)}\n\n${withDetails(tr, message, details)}`;
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/**
 * Sends one notification to the user's linked chat. The chat and the user's Telegram preference
 * for the notification's type are read at send time, so after /stop or muting queued jobs send
 * nothing. A failure throws, and the job runner retries with backoff; a 403 (the user blocked
 * the bot) removes the link instead, so nothing retries forever.
 */
export function registerTelegramJob(jobs: JobRunner, telegram: Telegram, log: Logger): void {
  jobs.register(TELEGRAM_SEND_JOB, async (raw, { db }) => {
    const payload = payloadSchema.parse(raw);
    const [row] = await db
      .select({
        chatId: telegramLinks.chatId,
        type: notifications.type,
        title: notifications.title,
        message: notifications.message,
        details: notifications.details,
        language: users.language,
      })
      .from(notifications)
      .innerJoin(telegramLinks, eq(telegramLinks.userId, notifications.userId))
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.id, payload.notificationId));
    if (!row) return;
    if (!(await channelEnabled(db, payload.userId, row.type, "telegram"))) return;
    try {
      await telegram.bot.api.sendMessage(row.chatId, telegramText(row.title, row.message, row.language, row.details));
    } catch (err) {
      if (err instanceof GrammyError && err.error_code === 403) {
        await db.delete(telegramLinks).where(and(eq(telegramLinks.userId, payload.userId), eq(telegramLinks.chatId, row.chatId)));
        log.info({ userId: payload.userId, err: err.description }, "telegram chat blocked the bot; link removed");
        return;
      }
      throw err;
    }
  });
}
