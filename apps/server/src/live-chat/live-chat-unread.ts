import { sql } from "drizzle-orm";
import type { LiveChatSession } from "@p2p/shared";
import { queryRows, type Db, type Tx } from "../db/client.js";
import { selectSessions } from "./present-session.js";

/**
 * The owner's live chat with support as the chat list and the badges show it: their session that
 * is not closed, and support's messages in it after the owner's read mark.
 */
export async function liveChatUnread(db: Db | Tx, userId: string): Promise<{ session: LiveChatSession; unread: number } | null> {
  const { sessions } = await selectSessions(db, sql`s.user_id = ${userId}::uuid and s.status <> 'closed'`);
  const session = sessions[0];
  if (!session) return null;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from live_chat_messages m join live_chat_sessions s on s.id = m.session_id
        where m.session_id = ${session.id}::uuid and m.sender_type = 'admin' and m.seq > s.owner_read_seq`,
  );
  return { session, unread: Number(row?.n ?? 0) };
}
