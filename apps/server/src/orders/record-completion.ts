import { orders, profiles, transactionHistory } from "../db/schema.js";
import { columnNames, insertTarget, tableName } from "../db/sql-names.js";
import { partyJson } from "./present-order.js";

const PROFILES = tableName(profiles);
const P = columnNames(profiles, ["id", "totalTrades"]);
const O = columnNames(orders, ["id", "buyerId", "sellerId", "coin", "coinAmount", "nairaAmount", "completedAt"]);

/*
 * What a completed trade leaves behind (DESIGN §3), as CTEs of the statement that completes the
 * order (apply-transition.ts), over the completed row in CTE `o`: both parties'
 * transaction_history rows (a retried completion writes none twice), and total_trades + 1 for
 * both. The profile rows are locked in id order by the ordered FOR UPDATE, as two updates in
 * sorted order would, so two completions between the same people never deadlock; they are locked
 * right after the order row, before the escrow's accounts, by every completion alike.
 */
export const COMPLETION_WRITES = `, h as (
    insert into ${insertTarget(transactionHistory, ["orderId", "userId", "transactionType", "cryptoType", "amount", "totalAmount", "status", "completedAt"])}
    select o.${O.id}, o.${O.buyerId}, 'buy', o.${O.coin}, o.${O.coinAmount}, o.${O.nairaAmount}, 'completed', o.${O.completedAt} from o
    union all
    select o.${O.id}, o.${O.sellerId}, 'sell', o.${O.coin}, o.${O.coinAmount}, o.${O.nairaAmount}, 'completed', o.${O.completedAt} from o
    on conflict do nothing
  ), locked as (
    select ${P.id} from ${PROFILES} where ${P.id} in (select o.${O.buyerId} from o union all select o.${O.sellerId} from o) order by ${P.id} for update
  ), parties as (
    update ${PROFILES} set ${P.totalTrades} = ${PROFILES}.${P.totalTrades} + 1 from locked where ${PROFILES}.${P.id} = locked.${P.id}
    returning ${partyJson(PROFILES)} as v
  )`;

/** Both parties as they are after the completion, as `partyJson` shapes them: select it beside the moved order. */
export const COMPLETED_PARTIES = `(select json_agg(parties.v) from parties) as parties`;
