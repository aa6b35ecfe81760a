import { sql } from "drizzle-orm";
import { answerableParty, CANCELLING_ACTIONS, completionRate, type CancellingAction, type CompletionRecord } from "@p2p/shared";
import { queryRows, type Db } from "../db/client.js";

type Row = {
  person: string;
  as_merchant: boolean;
  status: "completed" | "cancelled";
  action: CancellingAction | null;
  from_step: number;
  by: "creator" | "merchant" | "system";
  merchant_is_buyer: boolean;
  n: number;
};

const ENDING_ACTIONS = CANCELLING_ACTIONS.map((a) => `order.${a}`);

/**
 * Each person's completion record over the finished orders they took part in, creator or merchant,
 * counting a cancelled order only when the shared rule (`answerableParty`) holds them answerable.
 * How an order ended is its audit row, written in the statement that ended it.
 */
export async function completionRecords(db: Db, people: readonly string[]): Promise<Map<string, CompletionRecord>> {
  const counts = new Map(people.map((id) => [id, { completed: 0, failed: 0 }]));
  if (people.length === 0) return new Map();
  const rows = await queryRows<Row>(
    db,
    sql`
    select p.id as person, x.merchant_id = p.id as as_merchant, x.status, substr(a.action, 7) as action, x.current_step as from_step,
      case when a.actor_id = x.merchant_id then 'merchant' when a.actor_id = x.creator_id then 'creator' else 'system' end as by,
      x.buyer_id is not distinct from x.merchant_id as merchant_is_buyer, count(*)::int as n
    from unnest(array[${sql.join(
      people.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}]) as p(id)
    join orders x on p.id in (x.creator_id, x.merchant_id) and x.status in ('completed', 'cancelled')
    left join lateral (
      select l.action, l.actor_id from audit_log l
      where l.target_id = x.id::text and l.target_type = 'order' and l.action in (${sql.join(
        ENDING_ACTIONS.map((a) => sql`${a}`),
        sql`, `,
      )})
      order by l.created_at desc limit 1
    ) a on x.status = 'cancelled'
    group by 1, 2, 3, 4, 5, 6, 7`,
  );
  for (const r of rows) {
    const count = counts.get(r.person)!;
    if (r.status === "completed") count.completed += Number(r.n);
    else if (r.action) {
      const party = answerableParty({ action: r.action, fromStep: r.from_step, by: r.by, merchantIsBuyer: r.merchant_is_buyer });
      if (party === (r.as_merchant ? "merchant" : "creator")) count.failed += Number(r.n);
    }
  }
  return new Map([...counts].map(([id, c]) => [id, completionRate(c)]));
}
