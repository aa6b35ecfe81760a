import { sql } from "drizzle-orm";
import { CHAT_TEXTS, EXPORT_TEXTS, ORDER_TEXTS, UPLOAD_TEXTS } from "@p2p/shared";
import type { Config } from "../config.js";
import { queryRows, type Tx } from "../db/client.js";
import { AppError } from "./errors.js";

/** Images one account may upload per 10 minutes. */
export const UPLOADS_PER_10_MINUTES = 30;
/** CSV exports one admin may download per hour: each reads a whole table, page by page. */
export const EXPORTS_PER_HOUR = 30;
/**
 * Open requests one account may post per hour: each notifies every merchant with an offer for the
 * coin (in the app, on Telegram and on the phone), and a buy request locks nothing, so without a
 * cap one account could flood every merchant.
 */
export const OPEN_REQUESTS_PER_HOUR = 10;

export type AccountQuota = { name: string; span: string; cap: (config: Config) => number; refusal: string };

/** Every per-account limit (DESIGN §6), each counted by `take_account_quota` (migrations 0014 and 0023). */
export const ACCOUNT_QUOTAS = {
  /** Order chat: text and image messages and payment proofs. */
  orderChat: { name: "order_chat", span: "1 minute", cap: (c) => c.RATE_LIMIT_CHAT_PER_MINUTE, refusal: CHAT_TEXTS.tooFast },
  merchantChat: { name: "merchant_chat", span: "1 minute", cap: (c) => c.RATE_LIMIT_CHAT_PER_MINUTE, refusal: CHAT_TEXTS.tooFast },
  liveChat: { name: "live_chat", span: "1 minute", cap: (c) => c.RATE_LIMIT_CHAT_PER_MINUTE, refusal: CHAT_TEXTS.tooFast },
  uploads: { name: "uploads", span: "10 minutes", cap: () => UPLOADS_PER_10_MINUTES, refusal: UPLOAD_TEXTS.tooFast },
  exports: { name: "exports", span: "1 hour", cap: () => EXPORTS_PER_HOUR, refusal: EXPORT_TEXTS.tooMany },
  openRequests: { name: "open_requests", span: "1 hour", cap: () => OPEN_REQUESTS_PER_HOUR, refusal: ORDER_TEXTS.tooManyOpenRequests },
} as const satisfies Record<string, AccountQuota>;

/** The limit's cap, or null when RATE_LIMITS=off. */
export function quotaCap(config: Config, quota: AccountQuota): number | null {
  return config.RATE_LIMITS === "off" ? null : quota.cap(config);
}

export const quotaRefused = (quota: AccountQuota) => new AppError("RATE_LIMITED", quota.refusal);

/**
 * Takes one unit of an account's limit inside the transaction that writes what it counts: one
 * atomic upsert on the account's row (never a count and then an insert), so parallel requests
 * queue on that row and exactly the cap get through; a refusal or any later failure rolls back
 * with the transaction. Take it first, before the transaction's other locks.
 */
export async function takeAccountQuota(tx: Tx, config: Config, quota: AccountQuota, accountId: string): Promise<void> {
  const cap = quotaCap(config, quota);
  if (cap === null) return;
  const [row] = await queryRows<{ granted: number }>(
    tx,
    sql`select take_account_quota(${accountId}::uuid, ${quota.name}, ${quota.span}::interval, ${cap}::int, 1) as granted`,
  );
  if (Number(row?.granted ?? 0) < 1) throw quotaRefused(quota);
}
