import type { ChatMessage } from "@p2p/shared";
import type { Config } from "../config.js";
import { isTransaction, type Db, type Tx } from "../db/client.js";
import { transact } from "../db/transact.js";
import { attachUpload } from "../uploads/attach-upload.js";
import { chatSendContext } from "./chat-send-context.js";
import { insertChatMessages } from "./insert-chat-messages.js";
import { chatWriteQueue } from "./write-queue.js";
import { writeChatMessage } from "./write-message.js";
import { ACCOUNT_QUOTAS, quotaCap, quotaRefused, takeAccountQuota } from "../http/account-quota.js";
import { isParticipant, type Caller } from "../orders/order-actors.js";

/**
 * A message in an order's chat: text stored as typed (plain text), optionally with an image the
 * sender uploaded (attached to the order here, so the other side may see it). The row, the
 * notification, the realtime event and the sender's read mark are written together: every
 * message in one statement (insert-chat-messages.ts), a text message with others when the server
 * is busy (write-queue.ts), an image message in one transaction with its upload (write-message.ts). An admin speaking in a disputed order's chat is part of judging
 * it, so their message is on the record (audit row).
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
  const { order, senderUsername } = await chatSendContext(db, options.orderId, caller);
  const audited = !isParticipant(order, caller.id);
  if (!uploadId) {
    // The statement takes the message's unit of the sender's limit itself (insert-chat-messages.ts).
    const text = { order, senderId: caller.id, senderUsername, content, audited, cap: quotaCap(options.config, ACCOUNT_QUOTAS.orderChat) };
    // Under an Idempotency-Key the message joins the key's transaction; otherwise it may share a commit.
    if (isTransaction(db)) {
      const [message] = await insertChatMessages(db, [text]);
      if (!message) throw quotaRefused(ACCOUNT_QUOTAS.orderChat);
      return message;
    }
    return chatWriteQueue(db as Db).write(text);
  }
  return transact(db, async (tx) => {
    await takeAccountQuota(tx, options.config, ACCOUNT_QUOTAS.orderChat, caller.id);
    const image = await attachUpload(tx, { uploadId, ownerId: caller.id, orderId: order.id, to: "chat_message" });
    return writeChatMessage(tx, { order, senderId: caller.id, senderUsername, content, image, audited });
  });
}
