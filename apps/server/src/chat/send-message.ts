import { eq } from "drizzle-orm";
import type { ChatMessage } from "@p2p/shared";
import type { Config } from "../config.js";
import type { Db, Tx } from "../db/client.js";
import { profiles } from "../db/schema.js";
import { transact } from "../ledger/transact.js";
import { attachUpload } from "../uploads/attach-upload.js";
import { loadChatOrder } from "./chat-access.js";
import { assertChatRate } from "./rate-limit.js";
import { writeChatMessage } from "./write-message.js";
import { recordAudit } from "../audit/record-audit.js";
import { isParticipant, type Caller } from "../orders/order-actors.js";

/**
 * A message in an order's chat: text stored as typed (plain text), optionally with an image the
 * sender uploaded (attached to the order here, so the other side may see it). The row, the
 * notification, the realtime event and the sender's read mark are one transaction
 * (write-message.ts).
 */
export async function sendChatMessage(options: {
  /** A transaction when the route runs it once per Idempotency-Key. */
  db: Db | Tx;
  config: Config;
  caller: Caller;
  orderId: string;
  content: string;
  uploadId?: string;
}): Promise<ChatMessage> {
  const { db, caller, content, uploadId } = options;
  // Three independent reads at once (a round trip each under load); the order's refusal wins over the rate's.
  const [order, , sender] = await firstRefusal([
    loadChatOrder(db, options.orderId, caller, "write"),
    assertChatRate(db, options.config, "chat_messages", caller.id),
    db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, caller.id)).then((rows) => rows[0]),
  ] as const);
  return transact(db, async (tx) => {
    const image = uploadId ? await attachUpload(tx, { uploadId, ownerId: caller.id, orderId: order.id, to: "chat_message" }) : null;
    const message = await writeChatMessage(tx, { order, senderId: caller.id, senderUsername: sender?.username ?? "a trader", content, image });
    // An admin speaking in a disputed order's chat is part of judging it: on the record.
    if (!isParticipant(order, caller.id)) {
      await recordAudit(tx, { actorId: caller.id, action: "order_chat.admin_message", targetType: "order", targetId: order.id, data: { message_id: message.id } });
    }
    return message;
  });
}

/** Like Promise.all, but when several reject, the earliest in the list decides the error (not the fastest). */
async function firstRefusal<T extends readonly unknown[]>(work: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(work);
  for (const s of settled) if (s.status === "rejected") throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
