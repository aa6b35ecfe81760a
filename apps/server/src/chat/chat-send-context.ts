import { CHAT_TEXTS } from "@p2p/shared";
import type { Config } from "../config.js";
import type { Db, Tx } from "../db/client.js";
import { AppError } from "../http/errors.js";
import { prepared, runPrepared } from "../ledger/prepared-query.js";
import { isOrderId, orderNotFound } from "../orders/load-order.js";
import { isParticipant, type Caller, type OrderRow } from "../orders/order-actors.js";
import { fromRawOrder, type RawOrderRow } from "../orders/order-row.js";

export type ChatSendContext = { order: OrderRow; senderUsername: string };

/**
 * What sending into an order's chat needs to know, in one statement: the order, the sender's
 * username and, with rate limits on, how many messages they sent in the last minute (the limit
 * counted from the messages themselves, so every server process sees the same count). The
 * refusals are those of `loadChatOrder` and `assertChatRate`, the order's first.
 */
export async function chatSendContext(db: Db | Tx, config: Config, orderId: string, caller: Caller): Promise<ChatSendContext> {
  if (!isOrderId(orderId)) throw orderNotFound();
  const [row] = await runPrepared<Partial<RawOrderRow> & { sender_username: string | null; sent_last_minute: number }>(db, CONTEXT, [
    orderId,
    caller.id,
    config.RATE_LIMITS === "on",
  ]);
  if (!row?.id) throw orderNotFound();
  const order = fromRawOrder(row as RawOrderRow);
  if (!isParticipant(order, caller.id)) {
    if (caller.role !== "admin") throw orderNotFound();
    if (order.status !== "disputed") throw new AppError("CHAT_READ_ONLY", CHAT_TEXTS.adminOnlyUnderAppeal);
  }
  if (Number(row.sent_last_minute) >= config.RATE_LIMIT_CHAT_PER_MINUTE) throw new AppError("RATE_LIMITED", CHAT_TEXTS.tooFast);
  return { order, senderUsername: row.sender_username ?? "a trader" };
}

const CONTEXT = prepared(`
  select o.*,
    (select username from profiles where id = $2::uuid) as sender_username,
    case when $3::boolean
      then (select count(*)::int from chat_messages where sender_id = $2::uuid and created_at > now() - interval '1 minute')
      else 0 end as sent_last_minute
  from (select $1::uuid as wanted) k left join orders o on o.id = k.wanted`);
