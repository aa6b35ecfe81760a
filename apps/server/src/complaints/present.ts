import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { ComplaintListItem, ComplaintPage, ComplaintStatus, ComplaintThreadEntry } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { helpTicketMessages, helpTickets, profiles } from "../db/schema.js";

const replyCount = sql<number>`(select count(*)::int from ${helpTicketMessages}
  where ${helpTicketMessages.ticketId} = ${helpTickets.id} and ${helpTicketMessages.authorType} = 'admin' and ${helpTicketMessages.kind} = 'message')`;

const listColumns = {
  ticket: helpTickets,
  username: profiles.username,
  replies: replyCount,
};

type ListRow = { ticket: typeof helpTickets.$inferSelect; username: string | null; replies: number };

export function presentListItem(row: ListRow): ComplaintListItem {
  const t = row.ticket;
  return {
    id: t.id,
    category: t.category,
    priority: t.priority,
    subject: t.subject,
    message: t.message,
    status: t.status as ComplaintStatus,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    reply_count: Number(row.replies),
    user: { id: t.userId, username: row.username ?? "Unknown" },
  };
}

/** One complaint with its filer's username and reply count, or null. */
export async function complaintById(db: Db | Tx, id: string, ownerId?: string): Promise<ComplaintListItem | null> {
  const [row] = await db
    .select(listColumns)
    .from(helpTickets)
    .leftJoin(profiles, eq(profiles.id, helpTickets.userId))
    .where(and(eq(helpTickets.id, id), ownerId ? eq(helpTickets.userId, ownerId) : undefined));
  return row ? presentListItem(row) : null;
}

/** A page of complaints, newest first. */
export async function complaintPage(db: Db, where: SQL | undefined, query: { page: number; page_size: number }): Promise<ComplaintPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(helpTickets)
      .leftJoin(profiles, eq(profiles.id, helpTickets.userId))
      .where(where)
      .orderBy(desc(helpTickets.createdAt), desc(helpTickets.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(helpTickets).where(where),
  ]);
  return { page: query.page, page_size: query.page_size, total: total!.n, complaints: rows.map(presentListItem) };
}

/** The thread after the complaint itself, oldest first. */
export async function threadOf(db: Db | Tx, ticketId: string): Promise<ComplaintThreadEntry[]> {
  const rows = await db
    .select({ entry: helpTicketMessages, author: profiles.username })
    .from(helpTicketMessages)
    .leftJoin(profiles, eq(profiles.id, helpTicketMessages.authorId))
    .where(eq(helpTicketMessages.ticketId, ticketId))
    .orderBy(helpTicketMessages.createdAt, helpTicketMessages.id);
  return rows.map(({ entry, author }) => ({
    id: entry.id,
    kind: entry.kind as "message" | "status",
    author_type: entry.authorType as "user" | "admin",
    author: author ?? null,
    status: (entry.status as ComplaintStatus | null) ?? null,
    message: entry.message,
    created_at: entry.createdAt.toISOString(),
  }));
}
