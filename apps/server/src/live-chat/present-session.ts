import { sql, type SQL } from "drizzle-orm";
import type { LiveChatMessage, LiveChatSession } from "@p2p/shared";
import { queryRows, type Db, type Tx } from "../db/client.js";
import type { liveChatMessages } from "../db/schema.js";

type Row = {
  id: string;
  user_id: string;
  username: string;
  status: LiveChatSession["status"];
  created_at: string | Date;
  last_message_at: string | Date | null;
  last_message: string | null;
  closed_at: string | Date | null;
  total: number;
};

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());

/** Sessions with their owner's username and last message, filtered by `where` (on alias s). */
export async function selectSessions(
  db: Db | Tx,
  where: SQL,
  page?: { limit: number; offset: number },
): Promise<{ sessions: LiveChatSession[]; total: number }> {
  const rows = await queryRows<Row>(
    db,
    sql`
    select s.id, s.user_id, p.username, s.status, s.created_at, s.last_message_at, s.closed_at,
      (select m.message from live_chat_messages m where m.session_id = s.id order by m.seq desc limit 1) as last_message,
      count(*) over ()::int as total
    from live_chat_sessions s join profiles p on p.id = s.user_id
    where ${where}
    order by s.status = 'waiting' desc, coalesce(s.last_message_at, s.created_at) desc
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    sessions: rows.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      username: r.username,
      status: r.status,
      created_at: iso(r.created_at)!,
      last_message_at: iso(r.last_message_at),
      last_message: r.last_message,
      closed_at: iso(r.closed_at),
    })),
  };
}

export async function sessionById(db: Db | Tx, id: string): Promise<LiveChatSession | null> {
  const { sessions } = await selectSessions(db, sql`s.id = ${id}::uuid`);
  return sessions[0] ?? null;
}

export function presentLiveMessage(m: typeof liveChatMessages.$inferSelect): LiveChatMessage {
  return {
    id: m.id,
    session_id: m.sessionId,
    sender_id: m.senderId,
    sender_type: m.senderType as LiveChatMessage["sender_type"],
    message: m.message,
    created_at: m.createdAt.toISOString(),
  };
}
