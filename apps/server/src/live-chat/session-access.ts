import { CHAT_TEXTS } from "@p2p/shared";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../db/client.js";
import { liveChatSessions } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import type { Caller } from "../orders/order-actors.js";

export type SessionRow = typeof liveChatSessions.$inferSelect;

/** A live-chat session for its owner or an admin; 404 for anyone else (and for malformed ids). */
export async function loadSession(db: Db | Tx, id: string, caller: Caller, options: { lock?: boolean } = {}): Promise<SessionRow> {
  if (!z.string().uuid().safeParse(id).success) throw notFound();
  const query = db.select().from(liveChatSessions).where(eq(liveChatSessions.id, id));
  const [session] = options.lock ? await query.for("update") : await query;
  if (!session || (session.userId !== caller.id && caller.role !== "admin")) throw notFound();
  return session;
}

const notFound = () => new AppError("NOT_FOUND", CHAT_TEXTS.liveChatNotFound);
