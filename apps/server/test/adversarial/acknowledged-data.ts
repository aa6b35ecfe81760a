import { inArray, like, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../src/db/client.js";
import { chatMessages, deposits, orders, withdrawals } from "../../src/db/schema.js";
import type { LoadRecord } from "./load-record.js";
import type { OrderHistory } from "./order-histories.js";
import { VIRTUAL_TX_HASH_PREFIX } from "./virtual-user.js";

/** Everything the server acknowledged, looked up in the store: each problem names what is missing or extra. */
export async function acknowledgedDataProblems(db: Db, record: LoadRecord, histories: OrderHistory[]): Promise<string[]> {
  const problems: string[] = [];

  const stored = new Map<string, string>();
  for (const ids of chunks(record.chat.map((m) => m.id))) {
    const rows = await db.select({ id: chatMessages.id, content: chatMessages.content }).from(chatMessages).where(inArray(chatMessages.id, ids));
    for (const row of rows) stored.set(row.id, row.content);
  }
  for (const message of record.chat) {
    if (stored.get(message.id) !== message.content) problems.push(`chat message ${message.id} on ${message.orderId} is lost or changed`);
  }

  const orderIds = new Set((await db.select({ id: orders.id }).from(orders)).map((o) => o.id));
  for (const id of record.orders) if (!orderIds.has(id)) problems.push(`order ${id} was created (201) and is lost`);

  const moves = new Map(histories.map((h) => [h.id, h.moves.map((m) => m.action)]));
  for (const t of record.transitions) {
    if (!moves.get(t.orderId)?.includes(t.action)) problems.push(`${t.action} of order ${t.orderId} was answered 200 and is lost`);
  }

  // Requests under an Idempotency-Key, sent again after kills: each executed exactly once.
  const depositIds = (
    await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(like(deposits.txHash, `${VIRTUAL_TX_HASH_PREFIX}%`))
  ).map((d) => d.id);
  problems.push(...sameSet("deposit", depositIds, record.deposits));
  const withdrawalIds = (await db.select({ id: withdrawals.id }).from(withdrawals)).map((w) => w.id);
  problems.push(...sameSet("withdrawal", withdrawalIds, record.withdrawals));
  return problems;
}

/** Side effects a timer firing twice would double: cancellation notices and the timer's appeal. */
export async function duplicateEffectProblems(db: Db): Promise<string[]> {
  const notices = await queryRows<{ order_id: string; user_id: string; n: number }>(
    db,
    sql`
    select order_id, user_id, count(*)::int as n from notifications
    where type = 'order_cancelled' group by order_id, user_id having count(*) > 1`,
  );
  // Appeals with no opener come from the confirmation timer or from a suspension (the system's
  // open_appeal, audited with no actor); only the timer's are counted against its expiries.
  const appeals = await queryRows<{ order_id: string; appeals: number; expiries: number }>(
    db,
    sql`
    select o.id as order_id,
      (select count(*)::int from appeals a where a.order_id = o.id and a.opened_by is null)
        - (select count(*)::int from audit_log l where l.target_id = o.id::text and l.action = 'order.open_appeal' and l.actor_id is null) as appeals,
      (select count(*)::int from audit_log l where l.target_id = o.id::text and l.action = 'order.expire_confirmation') as expiries
    from orders o`,
  );
  return [
    ...notices.map((r) => `order ${r.order_id}: ${r.n} cancellation notices to ${r.user_id}`),
    ...appeals
      .filter((r) => r.appeals !== r.expiries)
      .map((r) => `order ${r.order_id}: ${r.appeals} timer appeals for ${r.expiries} confirmation expiries`),
  ];
}

/** A job that gave up (a timer that will never fire again, a lost notification). */
export async function failedJobProblems(db: Db): Promise<string[]> {
  const rows = await queryRows<{ id: number; kind: string; last_error: string | null }>(
    db,
    sql`select id, kind, last_error from jobs where failed_at is not null`,
  );
  return rows.map((r) => `job ${r.id} (${r.kind}) gave up: ${r.last_error}`);
}

function sameSet(what: string, stored: string[], acknowledged: string[]): string[] {
  const have = new Set(stored);
  const acked = new Set(acknowledged);
  return [
    ...acknowledged.filter((id) => !have.has(id)).map((id) => `${what} ${id} was acknowledged and is lost`),
    ...stored.filter((id) => !acked.has(id)).map((id) => `${what} ${id} exists but was never acknowledged (executed twice?)`),
  ];
}

function chunks<T>(items: T[], size = 500): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}
