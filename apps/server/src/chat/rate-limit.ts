import { CHAT_TEXTS } from "@p2p/shared";
import { sql } from "drizzle-orm";
import type { Config } from "../config.js";
import { queryRows, type Db, type Tx } from "../db/client.js";
import { AppError } from "../http/errors.js";

type ChatTable = "chat_messages" | "merchant_chat_messages" | "live_chat_messages";

/**
 * Per-account message limit (RATE_LIMIT_CHAT_PER_MINUTE), counted from the messages themselves,
 * so every server process sees the same count without a shared counter.
 */
export async function assertChatRate(db: Db | Tx, config: Config, table: ChatTable, senderId: string): Promise<void> {
  if (config.RATE_LIMITS === "off") return;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)} where sender_id = ${senderId} and created_at > now() - interval '1 minute'`,
  );
  if (Number(row?.n ?? 0) >= config.RATE_LIMIT_CHAT_PER_MINUTE) {
    throw new AppError("RATE_LIMITED", CHAT_TEXTS.tooFast);
  }
}
