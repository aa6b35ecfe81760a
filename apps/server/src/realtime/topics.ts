import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { DEFAULT_ROLE, topicSchema, type Role } from "@p2p/shared";
import { queryRows, type Db } from "../db/client.js";
import { sessions, userRoles, users } from "../db/schema.js";

export type TopicUser = { id: string; role: Role; sessionId: string };

/**
 * Whether the caller may see a topic, checked on every subscribe against the database (a
 * participant of the order, the owner of the session, the role). Malformed topics are refused too.
 */
export async function mayAccessTopic(db: Db, user: TopicUser, topic: string): Promise<boolean> {
  if (!topicSchema.safeParse(topic).success) return false;
  const [kind, id] = topic.toLowerCase().split(":") as [string, string | undefined];
  if (topic !== topic.toLowerCase()) return false;
  switch (kind) {
    case "user":
      return id === user.id;
    case "admin":
      return user.role === "admin";
    case "market":
      return true;
    case "merchants":
      return user.role === "merchant" || user.role === "admin";
    case "order": {
      if (user.role === "admin") return true;
      const rows = await queryRows<{ ok: boolean }>(
        db,
        sql`select true as ok from orders where id = ${id}::uuid and ${user.id}::uuid in (creator_id, merchant_id, buyer_id, seller_id)`,
      );
      return rows.length > 0;
    }
    case "live-chat": {
      if (user.role === "admin") return true;
      const rows = await queryRows<{ ok: boolean }>(
        db,
        sql`select true as ok from live_chat_sessions where id = ${id}::uuid and user_id = ${user.id}::uuid`,
      );
      return rows.length > 0;
    }
    default:
      return false;
  }
}

/** The socket's user as the database has it now: null once the session ended or the account was suspended. */
export async function reloadTopicUser(db: Db, user: TopicUser): Promise<TopicUser | null> {
  const [row] = await db
    .select({ role: userRoles.role, suspendedAt: users.suspendedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(sessions.id, user.sessionId), eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row || row.suspendedAt) return null;
  return { ...user, role: row.role ?? DEFAULT_ROLE };
}
