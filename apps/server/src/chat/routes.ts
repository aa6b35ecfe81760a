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
import type { Db, Tx } from "../db/client.js";
import { onTokensWord } from "../auth/on-tokens-word.js";
import type { SessionProof } from "../auth/session-proof.js";
import type { Caller } from "../orders/order-actors.js";
import { profiles } from "../db/schema.js";
import { answerOnce } from "../http/idempotency.js";
import { parse } from "../http/parse.js";
import { loadChatOrder } from "./chat-access.js";
import { listChats } from "./list-chats.js";
import { listChatMessages } from "./list-messages.js";
import { markChatRead } from "./mark-chat-read.js";
import { sendChatMessage } from "./send-message.js";

type IdParams = { Params: { id: string } };

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
   * session (send-message.ts), so the session is not read on its own.
   */
  app.post<IdParams>("/api/orders/:id/messages", async (req, reply) => {
    const post = (db: Db | Tx, caller: Caller & { unproven?: SessionProof }, body: SendOrderChatMessageRequest) =>
      sendChatMessage({ db, config: ctx.config, caller, orderId: req.params.id, content: body.content ?? "", uploadId: body.upload_id }).then(
        (message) => ({ status: 201, body: { message } }),
      );
    const answered = await onTokensWord(ctx, req, async (claimed) => {
      const body = parse(sendOrderChatMessageRequest, req.body);
      if (req.headers["idempotency-key"] !== undefined) {
        return answerOnce(ctx.db, req, reply, claimed.id, (db) => post(db, claimed, body), claimed.unproven);
      }
      // Without a key there is no transaction to take back: the statement writes nothing unless it proved the session.
      await answerOnce(ctx.db, req, reply, claimed.id, (db) => post(db, claimed, body));
      claimed.unproven.answered = true;
    });
    if (answered) return reply;
    const user = await ctx.auth.require(req);
    const body = parse(sendOrderChatMessageRequest, req.body);
    return answerOnce(ctx.db, req, reply, user.id, (db) => post(db, user, body));
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
