import { CHAT_TEXTS } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { AppError } from "../http/errors.js";
import { prepared, runPrepared } from "../db/prepared-query.js";
import { orders } from "../db/schema.js";
import { columnName, columnsAs, tableName } from "../db/sql-names.js";
import { isOrderId, orderNotFound } from "../orders/load-order.js";
import { isParticipant, type Caller, type OrderParties, type OrderRow } from "../orders/order-actors.js";

/** What a message needs of its order: whose it is and where it stands. */
export type ChatOrder = OrderParties & Pick<OrderRow, "id" | "status">;
export type ChatSendContext = { order: ChatOrder; senderUsername: string };

/**
 * What sending into an order's chat needs to know, in one statement: the order's parties and
 * status, and the sender's username. Only those columns: every column read is one more field
 * for the driver to describe and parse at every message. The refusals are those of
 * `loadChatOrder`. The sender's message limit is taken where the message is written
 * (http/account-quota.ts).
 */
export async function chatSendContext(db: Db | Tx, orderId: string, caller: Caller): Promise<ChatSendContext> {
  if (!isOrderId(orderId)) throw orderNotFound();
  // A left join: with no such order, every column of the row is null.
  const [row] = await runPrepared<ChatOrder & { sender_username: string | null }>(db, CONTEXT, [orderId, caller.id]);
  if (!row?.id) throw orderNotFound();
  const { sender_username: senderUsername, ...order } = row;
  if (!isParticipant(order, caller.id)) {
    if (caller.role !== "admin") throw orderNotFound();
    if (order.status !== "disputed") throw new AppError("CHAT_READ_ONLY", CHAT_TEXTS.adminOnlyUnderAppeal);
  }
  return { order, senderUsername: senderUsername ?? "a trader" };
}

const ORDER_COLUMNS = columnsAs(orders, {
  id: "id",
  status: "status",
  creatorId: "creatorId",
  merchantId: "merchantId",
  buyerId: "buyerId",
  sellerId: "sellerId",
});
const CONTEXT = prepared(`
  select ${ORDER_COLUMNS},
    (select username from profiles where id = $2::uuid) as sender_username
  from (select $1::uuid as wanted) k left join ${tableName(orders)} o on o.${columnName(orders, "id")} = k.wanted`);
