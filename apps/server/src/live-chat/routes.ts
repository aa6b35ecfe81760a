import type { FastifyInstance } from "fastify";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import {
  adminLiveChatQuery,
  chatHistoryQuery,
  markLiveChatReadRequest,
  openLiveChatRequest,
  REALTIME_EVENTS,
  sendLiveChatMessageRequest,
  CHAT_TEXTS,
  ADMIN_TOPIC,
  liveChatTopic,
} from "@p2p/shared";
import type { AppContext } from "../context.js";
import { liveChatMessages, liveChatSessions } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { parse } from "../http/parse.js";
import { transact } from "../db/transact.js";
import { appendEvents } from "../realtime/append-event.js";
import { openLiveChatSession } from "./open-session.js";
import { presentLiveMessage, selectSessions, sessionById } from "./present-session.js";
import { sendLiveMessage } from "./send-live-message.js";
import { loadSession } from "./session-access.js";
import { markLiveChatRead } from "./mark-live-chat-read.js";
import { recordAdminAction } from "../audit/record-audit.js";

type IdParams = { Params: { id: string } };

/** Live chat with support (docs/API.md "Live chat"). */
export async function liveChatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post("/api/live-chat/sessions", async (req, reply) => {
    const user = await ctx.auth.require(req);
    const { message } = parse(openLiveChatRequest, req.body);
    const { session, created } = await openLiveChatSession({ db: ctx.db, config: ctx.config, userId: user.id, message });
    return reply.status(created ? 201 : 200).send({ session });
  });

  app.get("/api/live-chat/sessions/mine", async (req) => {
    const user = await ctx.auth.require(req);
    const { sessions } = await selectSessions(ctx.db, sql`s.user_id = ${user.id}::uuid and s.status <> 'closed'`);
    return { session: sessions[0] ?? null };
  });

  app.get<IdParams>("/api/live-chat/sessions/:id/messages", async (req) => {
    const user = await ctx.auth.require(req);
    const q = parse(chatHistoryQuery, req.query);
    const session = await loadSession(ctx.db, req.params.id, user);
    let beforeSeq: number | null = null;
    if (q.before) {
      const [anchor] = await ctx.db
        .select({ seq: liveChatMessages.seq })
        .from(liveChatMessages)
        .where(and(eq(liveChatMessages.id, q.before), eq(liveChatMessages.sessionId, session.id)));
      if (!anchor) throw new AppError("VALIDATION_FAILED", "before: no such message in this chat.", { before: CHAT_TEXTS.noSuchMessage });
      beforeSeq = anchor.seq;
    }
    const inSession = eq(liveChatMessages.sessionId, session.id);
    const rows = await ctx.db
      .select()
      .from(liveChatMessages)
      .where(beforeSeq === null ? inSession : and(inSession, lt(liveChatMessages.seq, beforeSeq)))
      .orderBy(desc(liveChatMessages.seq))
      .limit(q.limit + 1);
    return { messages: rows.slice(0, q.limit).reverse().map(presentLiveMessage), has_more: rows.length > q.limit };
  });

  app.post<IdParams>("/api/live-chat/sessions/:id/messages", async (req, reply) => {
    const user = await ctx.auth.require(req);
    const { message } = parse(sendLiveChatMessageRequest, req.body);
    const sent = await sendLiveMessage({ db: ctx.db, config: ctx.config, caller: user, sessionId: req.params.id, message });
    return reply.status(201).send({ message: sent });
  });

  app.post<IdParams>("/api/live-chat/sessions/:id/read", async (req) => {
    const user = await ctx.auth.require(req);
    const { up_to_id } = parse(markLiveChatReadRequest, req.body);
    return { badges: await markLiveChatRead({ db: ctx.db, caller: user, sessionId: req.params.id, upToId: up_to_id }) };
  });

  /** The owner or an admin ends the session; closing twice is harmless. */
  const close = async (req: Parameters<AppContext["auth"]["require"]>[0] & { params: { id: string } }, adminOnly: boolean) => {
    const user = adminOnly ? await ctx.auth.requireRole(req, "admin") : await ctx.auth.require(req);
    const id = await transact(ctx.db, async (tx) => {
      const session = await loadSession(tx, req.params.id, user, { lock: true });
      if (session.status === "closed") return session.id;
      await tx
        .update(liveChatSessions)
        .set({ status: "closed", closedAt: sql`now()`, closedBy: user.id })
        .where(eq(liveChatSessions.id, session.id));
      if (user.role === "admin" && session.userId !== user.id) {
        await recordAdminAction(tx, {
          actorId: user.id,
          action: "live_chat.closed",
          targetType: "live_chat_session",
          targetId: session.id,
          data: { user_id: session.userId },
          notify: {
            userId: session.userId,
            type: "admin_feedback",
            title: CHAT_TEXTS.liveChatClosedTitle,
            message: CHAT_TEXTS.liveChatClosed,
          },
        });
      }
      const summary = (await sessionById(tx, session.id))!;
      await appendEvents(tx, [
        { topic: liveChatTopic(session.id), type: REALTIME_EVENTS.liveChatSession, payload: summary },
        { topic: ADMIN_TOPIC, type: REALTIME_EVENTS.liveChatSession, payload: summary },
      ]);
      return session.id;
    });
    return { session: (await sessionById(ctx.db, id))! };
  };
  app.post<IdParams>("/api/live-chat/sessions/:id/close", (req) => close(req, false));
  app.post<IdParams>("/api/admin/live-chat/sessions/:id/close", (req) => close(req, true));

  app.get("/api/admin/live-chat/sessions", async (req) => {
    await ctx.auth.requireRole(req, "admin");
    const q = parse(adminLiveChatQuery, req.query);
    const where = q.status ? sql`s.status = ${q.status}` : sql`s.status <> 'closed'`;
    const { sessions, total } = await selectSessions(ctx.db, where, { limit: q.page_size, offset: (q.page - 1) * q.page_size });
    return { page: q.page, page_size: q.page_size, total, sessions };
  });
}
