import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import {
  chatHistoryQuery,
  listChatsQuery,
  markChatReadRequest,
  REALTIME_EVENTS,
  sendOrderChatMessageRequest,
  orderTopic,
  type SendOrderChatMessageRequest,
} from "@p2p/shared";
import type { AppContext } from "../context.js";
import { onTokensWord } from "../auth/on-tokens-word.js";
import { profiles } from "../db/schema.js";
import { answerOnce, idempotencyKeyOf, sendClaimedAnswer } from "../http/idempotency.js";
import { parse } from "../http/parse.js";
import { loadChatOrder } from "./chat-access.js";
import { listChats } from "./list-chats.js";
import { listChatMessages } from "./list-messages.js";
import { markChatRead } from "./mark-chat-read.js";
import { sendChatMessage } from "./send-message.js";

type IdParams = { Params: { id: string } };

const messageOf = (orderId: string, body: SendOrderChatMessageRequest) => ({ orderId, content: body.content ?? "", uploadId: body.upload_id });

/** Order chats (docs/API.md "Chat"). */
export async function chatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/chats", async (req) => {
    const user = await ctx.auth.require(req);
    const q = parse(listChatsQuery, req.query);
    return listChats({ db: ctx.db, userId: user.id, page: q.page, pageSize: q.page_size });
  });

  app.get<IdParams>("/api/orders/:id/messages", async (req) => {
    const user = await ctx.auth.require(req);
    const query = parse(chatHistoryQuery, req.query);
    return listChatMessages({ db: ctx.db, caller: user, orderId: req.params.id, query });
  });

  /**
   * With an Idempotency-Key, a phone resending a queued message after a lost answer posts it once.
   * A text message is taken on its sender's token's word first: its own statement proves the
   * session and claims the key (send-message.ts), so neither costs a round trip of its own.
   */
  app.post<IdParams>("/api/orders/:id/messages", async (req, reply) => {
    const answered = await onTokensWord(ctx, req, async (claimed) => {
      const body = parse(sendOrderChatMessageRequest, req.body);
      const key = idempotencyKeyOf(req);
      const message = await sendChatMessage({ ...messageOf(req.params.id, body), db: ctx.db, config: ctx.config, caller: claimed, key });
      claimed.unproven.answered = true;
      if (key?.answer !== undefined) sendClaimedAnswer(reply, 201, key.answer);
      else reply.status(201).send({ message });
    });
    if (answered) return reply;
    const user = await ctx.auth.require(req);
    const body = parse(sendOrderChatMessageRequest, req.body);
    return answerOnce(ctx.db, req, reply, user.id, async (db) => {
      const message = await sendChatMessage({ ...messageOf(req.params.id, body), db, config: ctx.config, caller: user });
      return { status: 201, body: { message } };
    });
  });

  app.post<IdParams>("/api/orders/:id/messages/read", async (req) => {
    const user = await ctx.auth.require(req);
    const { up_to_id } = parse(markChatReadRequest, req.body);
    return markChatRead({ db: ctx.db, caller: user, orderId: req.params.id, upToId: up_to_id });
  });

  /** "Typing…": an ephemeral event on the order's topic, never stored or replayed. */
  app.post<IdParams>("/api/orders/:id/typing", async (req, reply) => {
    const user = await ctx.auth.require(req);
    const order = await loadChatOrder(ctx.db, req.params.id, user, "write");
    const [profile] = await ctx.db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, user.id));
    ctx.bus.publish({
      kind: "ephemeral",
      topic: orderTopic(order.id),
      type: REALTIME_EVENTS.chatTyping,
      payload: { order_id: order.id, user_id: user.id, username: profile?.username ?? "" },
    });
    return reply.status(204).send();
  });
}
