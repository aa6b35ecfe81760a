import type { FastifyInstance } from "fastify";
import { desc, eq, lt } from "drizzle-orm";
import {
  chatHistoryQuery,
  markMerchantChatReadRequest,
  REALTIME_EVENTS,
  sendChatMessageRequest,
  type MerchantChatMessage,
  NO_SUCH,
  MERCHANTS_TOPIC,
} from "@p2p/shared";
import type { AppContext } from "../context.js";
import type { Db } from "../db/client.js";
import { merchantChatMessages, profiles, userRoles } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { parse } from "../http/parse.js";
import { transact } from "../db/transact.js";
import { ACCOUNT_QUOTAS, takeAccountQuota } from "../http/account-quota.js";
import { appendEvent } from "../realtime/append-event.js";
import { markMerchantChatRead } from "./mark-merchant-chat-read.js";

/**
 * The merchants' group chat (merchants and admins). No notification per message: the group chat
 * badge counts others' messages after the caller's read mark (merchant-chat-unread.ts, spec §6).
 */
export async function merchantChatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = (req: Parameters<AppContext["auth"]["requireRole"]>[0]) => ctx.auth.requireRole(req, "merchant", "admin");

  app.get("/api/merchant-chat/messages", async (req) => {
    await member(req);
    const q = parse(chatHistoryQuery, req.query);
    let beforeSeq: number | null = null;
    if (q.before) {
      const [anchor] = await ctx.db.select({ seq: merchantChatMessages.seq }).from(merchantChatMessages).where(eq(merchantChatMessages.id, q.before));
      if (!anchor) throw new AppError("VALIDATION_FAILED", "before: no such message.", { before: NO_SUCH.message });
      beforeSeq = anchor.seq;
    }
    const rows = await selectMessages(ctx.db)
      .where(beforeSeq === null ? undefined : lt(merchantChatMessages.seq, beforeSeq))
      .orderBy(desc(merchantChatMessages.seq))
      .limit(q.limit + 1);
    return { messages: rows.slice(0, q.limit).reverse().map(present), has_more: rows.length > q.limit };
  });

  app.post("/api/merchant-chat/messages", async (req, reply) => {
    const user = await member(req);
    const { content } = parse(sendChatMessageRequest, req.body);
    const message = await transact(ctx.db, async (tx) => {
      await takeAccountQuota(tx, ctx.config, ACCOUNT_QUOTAS.merchantChat, user.id);
      const [row] = await tx.insert(merchantChatMessages).values({ senderId: user.id, content }).returning({ id: merchantChatMessages.id });
      const [full] = await selectMessages(tx as unknown as Db).where(eq(merchantChatMessages.id, row!.id));
      const message = present(full!);
      await appendEvent(tx, MERCHANTS_TOPIC, REALTIME_EVENTS.merchantChatMessage, message);
      return message;
    });
    return reply.status(201).send({ message });
  });

  app.post("/api/merchant-chat/read", async (req) => {
    const user = await member(req);
    const { up_to_id } = parse(markMerchantChatReadRequest, req.body);
    return { badges: await markMerchantChatRead({ db: ctx.db, caller: user, upToId: up_to_id }) };
  });
}

function selectMessages(db: Db) {
  return db
    .select({
      id: merchantChatMessages.id,
      senderId: merchantChatMessages.senderId,
      username: profiles.username,
      role: userRoles.role,
      content: merchantChatMessages.content,
      createdAt: merchantChatMessages.createdAt,
    })
    .from(merchantChatMessages)
    .innerJoin(profiles, eq(profiles.id, merchantChatMessages.senderId))
    .leftJoin(userRoles, eq(userRoles.userId, merchantChatMessages.senderId))
    .$dynamic();
}

function present(r: { id: string; senderId: string; username: string; role: string | null; content: string; createdAt: Date }): MerchantChatMessage {
  return {
    id: r.id,
    sender_id: r.senderId,
    sender_username: r.username,
    sender_role: r.role ?? "user",
    content: r.content,
    created_at: r.createdAt.toISOString(),
  };
}
