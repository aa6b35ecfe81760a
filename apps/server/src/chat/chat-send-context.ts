import { CHAT_TEXTS } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { AppError } from "../http/errors.js";
import { prepared, runPrepared } from "../db/prepared-query.js";
import { isOrderId, orderNotFound } from "../orders/load-order.js";
import { isParticipant, type Caller, type OrderRow } from "../orders/order-actors.js";
import { fromRawOrder, type RawOrderRow } from "../orders/order-row.js";

export type ChatSendContext = { order: OrderRow; senderUsername: string };

/**
 * What sending into an order's chat needs to know, in one statement: the order and the sender's
 * username. The refusals are those of `loadChatOrder`. The sender's message limit is taken where
 * the message is written (http/account-quota.ts).
 */
export async function chatSendContext(db: Db | Tx, orderId: string, caller: Caller): Promise<ChatSendContext> {
  if (!isOrderId(orderId)) throw orderNotFound();
  const [row] = await runPrepared<Partial<RawOrderRow> & { sender_username: string | null }>(db, CONTEXT, [orderId, caller.id]);
  if (!row?.id) throw orderNotFound();
  const order = fromRawOrder(row as RawOrderRow);
  if (!isParticipant(order, caller.id)) {
    if (caller.role !== "admin") throw orderNotFound();
    if (order.status !== "disputed") throw new AppError("CHAT_READ_ONLY", CHAT_TEXTS.adminOnlyUnderAppeal);
  }
  return { order, senderUsername: row.sender_username ?? "a trader" };
}

const CONTEXT = prepared(`
  select o.*,
    (select username from profiles where id = $2::uuid) as sender_username
  from (select $1::uuid as wanted) k left join orders o on o.id = k.wanted`);
