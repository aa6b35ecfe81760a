import { sql } from "drizzle-orm";
import { queryRows, type Db, type Tx } from "../db/client.js";

/** The merchants' group chat messages after the person's read mark that others sent (the same on every device). */
export async function merchantChatUnread(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from merchant_chat_messages m
        where m.sender_id <> ${userId}::uuid
          and m.seq > coalesce((select r.last_read_seq from merchant_chat_reads r where r.user_id = ${userId}::uuid), 0)`,
  );
  return Number(row?.n ?? 0);
}
