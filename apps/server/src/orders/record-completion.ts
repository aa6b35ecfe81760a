import type { Tx } from "../db/client.js";
import { prepared, runPrepared } from "../db/prepared-query.js";
import type { OrderRow } from "./order-actors.js";
import { partyJson, type PartyRow } from "./present-order.js";

/*
 * Both parties' transaction_history rows (a retried completion writes none twice), and
 * total_trades + 1 for both: the profile rows are locked in id order by the ordered FOR UPDATE,
 * as two updates in sorted order would, so two completions between the same people never deadlock.
 */
const RECORD_COMPLETION = prepared(`
  with h as (
    insert into transaction_history (order_id, user_id, transaction_type, crypto_type, amount, total_amount, status, completed_at)
    values ($1, $2, 'buy', $4, $5, $6, 'completed', $7), ($1, $3, 'sell', $4, $5, $6, 'completed', $7)
    on conflict do nothing
  ), locked as (
    select id from profiles where id in ($2, $3) order by id for update
  )
  update profiles set total_trades = profiles.total_trades + 1 from locked where profiles.id = locked.id
  returning ${partyJson("profiles")} as v`);

/** What a completed trade leaves behind (DESIGN §3), in one statement; returns both parties as they now are. */
export async function recordCompletion(tx: Tx, order: OrderRow): Promise<PartyRow[]> {
  const rows = await runPrepared<{ v: PartyRow }>(tx, RECORD_COMPLETION, [
    order.id,
    order.buyerId!,
    order.sellerId!,
    order.coin,
    order.coinAmount,
    order.nairaAmount,
    order.completedAt ?? new Date(),
  ]);
  return rows.map((row) => row.v);
}
