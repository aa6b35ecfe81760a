import { createHmac } from "node:crypto";
import { autoRetry } from "@grammyjs/auto-retry";
import { Bot, GrammyError } from "grammy";
import type { Logger } from "pino";
import { msg, pickLanguage } from "@p2p/shared";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { translatorFor } from "../i18n/i18n.js";
import { linkChat, unlinkChat } from "./links.js";
import { TelegramPoller } from "./poller.js";

export type TelegramMode = "webhook" | "polling";

/** The bot and how it receives updates; null when TELEGRAM_BOT_TOKEN is unset. */
export type Telegram = {
  bot: Bot;
  mode: TelegramMode;
  webhookSecret: string;
  /** The bot's @username for deep links: TELEGRAM_BOT_USERNAME, else asked of getMe once. */
  username(): Promise<string>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export const WEBHOOK_PATH = "/api/telegram/webhook";

/** Webhook when PUBLIC_URL is https (a public address Telegram can reach), else long polling. */
export function telegramMode(config: Config): TelegramMode {
  if (config.TELEGRAM_MODE) return config.TELEGRAM_MODE;
  return config.PUBLIC_URL?.startsWith("https://") ? "webhook" : "polling";
}

export function webhookSecret(config: Config): string {
  return config.TELEGRAM_WEBHOOK_SECRET ?? createHmac("sha256", config.sessionSecret).update("telegram-webhook").digest("hex");
}

/** The bot's replies, as English keys: each is sent in the reader's language (`botReply`). */
export const REPLIES = {
  linked: msg("Your NaijaP2P account is now linked. You will get your notifications here. Send /stop to unlink."),
  badToken: msg("This link is invalid or has expired. Open NaijaP2P, choose 'Join Telegram Bot' and use the new link."),
  noToken: msg("Welcome to NaijaP2P. To get your notifications here, open NaijaP2P, choose 'Join Telegram Bot' and follow the link."),
  stopped: msg("Your NaijaP2P account is unlinked. You will get no more notifications here."),
  notLinked: msg("This chat is not linked to a NaijaP2P account."),
} as const;

/**
 * A reply in the reader's language: the linked account's once the bot knows who it is talking
 * to, else the one the sender's Telegram app is set to (`language_code`), else English.
 */
function botReply(key: string, language: string | null, from: { language_code?: string } | undefined): string {
  return translatorFor(language ?? pickLanguage(from?.language_code ? [from.language_code] : [])).t(key);
}

export function createTelegram(config: Config, db: Db, log: Logger): Telegram | null {
  if (!config.TELEGRAM_BOT_TOKEN) return null;
  const bot = new Bot(config.TELEGRAM_BOT_TOKEN, { client: { apiRoot: config.TELEGRAM_API_ROOT } });
  // A 429 waits the retry_after Telegram names (up to a minute) and tries again; longer, the call
  // fails and its job is retried later. Server and network errors are the job runner's to retry,
  // with its backoff kept in the database across restarts.
  bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60, rethrowInternalServerErrors: true, rethrowHttpErrors: true }));
  const mode = telegramMode(config);
  const secret = webhookSecret(config);

  // Replies are plain text: no parse_mode anywhere, so nothing in them is read as markup.
  bot.command("start", async (c) => {
    const token = c.match.trim();
    if (!token) return void (await c.reply(botReply(REPLIES.noToken, null, c.from)));
    const linked = await linkChat(db, token, { chatId: c.chat.id, username: c.from?.username ?? null });
    await c.reply(linked ? botReply(REPLIES.linked, linked.language, c.from) : botReply(REPLIES.badToken, null, c.from));
  });
  bot.command("stop", async (c) => {
    const removed = await unlinkChat(db, c.chat.id);
    await c.reply(removed ? botReply(REPLIES.stopped, removed.language, c.from) : botReply(REPLIES.notLinked, null, c.from));
  });
  bot.catch((err) => log.warn({ err: err.error instanceof Error ? err.error.message : String(err.error) }, "telegram update failed"));

  const poller = mode === "polling" ? new TelegramPoller(bot, db, log, config.TELEGRAM_LEASE_SECONDS) : null;
  let initialised: Promise<void> | null = null;
  const init = () =>
    (initialised ??= bot.init().catch((err) => {
      initialised = null;
      throw err;
    }));

  return {
    bot,
    mode,
    webhookSecret: secret,
    async username() {
      if (config.TELEGRAM_BOT_USERNAME) return config.TELEGRAM_BOT_USERNAME.replace(/^@/, "");
      await init();
      return bot.botInfo.username;
    },
    async start() {
      if (poller) return poller.start();
      const url = `${config.publicUrl}${WEBHOOK_PATH}`;
      void bot.api
        .setWebhook(url, { secret_token: secret })
        .then(() => log.info({ url }, "telegram webhook set"))
        .catch((err) => log.warn({ err: err instanceof GrammyError ? err.description : String(err) }, "telegram setWebhook failed"));
    },
    async stop() {
      await poller?.stop();
    },
  };
}

/** Handles one webhook update; the bot learns its own identity (getMe) on the first. */
export async function handleWebhookUpdate(telegram: Telegram, update: unknown): Promise<void> {
  if (!telegram.bot.isInited()) await telegram.bot.init();
  await telegram.bot.handleUpdate(update as Parameters<Bot["handleUpdate"]>[0]);
}
