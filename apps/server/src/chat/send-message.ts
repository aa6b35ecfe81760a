import type { ChatMessage } from "@p2p/shared";
import type { Config } from "../config.js";
import { isTransaction, type Db, type Tx } from "../db/client.js";
import { transact } from "../db/transact.js";
import { attachUpload } from "../uploads/attach-upload.js";
import { loadChatOrder } from "./chat-access.js";
import { insertChatMessages } from "./insert-chat-messages.js";
import { chatWriteQueue } from "./write-queue.js";
import { writeChatMessage } from "./write-message.js";
import { ACCOUNT_QUOTAS, quotaCap, takeAccountQuota } from "../http/account-quota.js";
import type { KeyClaim } from "../http/idempotency.js";
import { pendingProof, SessionUnproven, type SessionProof } from "../auth/session-proof.js";
import { isOrderId } from "../orders/load-order.js";
import type { Caller } from "../orders/order-actors.js";

/**
 * A message in an order's chat: text stored as typed (plain text), optionally with an image the
 * sender uploaded (attached to the order here, so the other side may see it). The row, the
 * notification, the realtime event and the sender's read mark are written together: every
 * message in one statement (insert-chat-messages.ts), a text message with others when the server
 * is busy (write-queue.ts), an image message in one transaction with its upload (write-message.ts).
 * An admin speaking in a disputed order's chat is part of judging it, so their message is on the
 * record (audit row).
 *
 * A text message taken on its sender's token's word (a caller with a pending session proof) is
 * one round trip: its statement reads the order and proves the session and the sender's part in
 * the order, claims the request's Idempotency-Key if it has one, or writes nothing and throws
 * SessionUnproven (the route then runs it again with the session read first). Otherwise the
 * order is read first and the caller's right to write checked (chat-access.ts).
 */
export async function sendChatMessage(options: {
  /** A transaction when the route runs it once per Idempotency-Key. */
  db: Db | Tx;
  config: Config;
  caller: Caller & { unproven?: SessionProof };
  orderId: string;
  content: string;
  uploadId?: string;
  /** Taken on the token's word: the request's Idempotency-Key, claimed by the message's statement. */
  key?: KeyClaim;
}): Promise<ChatMessage> {
  const { db, caller, content, uploadId, orderId } = options;
  const proof = pendingProof(caller);
  if (proof && (uploadId || !isOrderId(orderId))) throw new SessionUnproven();
  if (!uploadId) {
    if (!proof) await loadChatOrder(db, orderId, caller, "write");
    // The statement takes the message's unit of the sender's limit itself (insert-chat-messages.ts).
    const text = { orderId, senderId: caller.id, content, cap: quotaCap(options.config, ACCOUNT_QUOTAS.orderChat), proof, key: options.key };
    // In the transaction of `answerOnce`'s key the message joins it; otherwise it may share a commit.
    if (!isTransaction(db)) return chatWriteQueue(db).write(text);
    const [message] = await insertChatMessages(db, [text]);
    if (message instanceof Error) throw message;
    return message!;
  }
  const order = await loadChatOrder(db, orderId, caller, "write");
  return transact(db, async (tx) => {
    await takeAccountQuota(tx, options.config, ACCOUNT_QUOTAS.orderChat, caller.id);
    const image = await attachUpload(tx, { uploadId, ownerId: caller.id, orderId: order.id, to: "chat_message" });
    return writeChatMessage(tx, { orderId: order.id, senderId: caller.id, content, image });
  });
}
