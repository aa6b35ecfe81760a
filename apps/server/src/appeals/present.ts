import { sql, type SQL } from "drizzle-orm";
import { uploadUrl, type AppealSummary, type ImageRef, type OrderStatus, type UploadImageType } from "@p2p/shared";
import { queryRows, type Db, type Tx } from "../db/client.js";

/** The row the list and detail queries read: a disputed order with one of its appeals. */
export type AppealRow = {
  appeal_id: string;
  order_id: string;
  reason: string;
  created_at: string | Date;
  outcome: "release" | "refund" | "withdrawn" | null;
  resolution_reason: string | null;
  resolved_at: string | Date | null;
  opened_by: string | null;
  opened_by_username: string | null;
  resolved_by: string | null;
  resolved_by_username: string | null;
  coin: string;
  coin_amount: string;
  naira_amount: string;
  order_status: OrderStatus;
  buyer_id: string | null;
  buyer_username: string | null;
  seller_id: string | null;
  seller_username: string | null;
  evidence_count: number;
  appeal_count: number;
};

const iso = (value: string | Date) => new Date(value).toISOString();
const person = (id: string | null, username: string | null) => (id ? { id, username: username ?? "Unknown" } : null);

/**
 * The latest appeal of each disputed order matching `where` (over `o` = orders, `a` = appeals),
 * newest appeal first.
 */
export async function appealRows(db: Db | Tx, where: SQL, page: { limit: number; offset: number }): Promise<AppealRow[]> {
  return queryRows<AppealRow>(
    db,
    sql`
    with latest as (
      select distinct on (a.order_id) a.*
      from appeals a join orders o on o.id = a.order_id
      where ${where}
      order by a.order_id, a.created_at desc, a.id desc
    )
    select l.id as appeal_id, l.order_id, l.reason, l.created_at, l.outcome, l.resolution_reason, l.resolved_at,
           l.opened_by, po.username as opened_by_username, l.resolved_by, pr.username as resolved_by_username,
           o.coin, o.coin_amount::text, o.naira_amount::text, o.status as order_status,
           o.buyer_id, pb.username as buyer_username, o.seller_id, ps.username as seller_username,
           (select count(*)::int from appeal_evidence e join appeals x on x.id = e.appeal_id where x.order_id = o.id) as evidence_count,
           (select count(*)::int from appeals x where x.order_id = o.id) as appeal_count
    from latest l
    join orders o on o.id = l.order_id
    left join profiles po on po.id = l.opened_by
    left join profiles pr on pr.id = l.resolved_by
    left join profiles pb on pb.id = o.buyer_id
    left join profiles ps on ps.id = o.seller_id
    order by l.created_at desc, l.id desc
    limit ${page.limit} offset ${page.offset}`,
  );
}

/** How many disputed orders match `where` (same aliases as appealRows). */
export async function appealCount(db: Db | Tx, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
    select count(distinct a.order_id)::int as n from appeals a join orders o on o.id = a.order_id where ${where}`,
  );
  return Number(row?.n ?? 0);
}

export function presentAppeal(row: AppealRow, callerId: string): AppealSummary {
  return {
    order_id: row.order_id,
    coin: row.coin,
    coin_amount: row.coin_amount,
    naira_amount: row.naira_amount,
    order_status: row.order_status,
    my_role: row.buyer_id === callerId ? "buyer" : row.seller_id === callerId ? "seller" : null,
    buyer: person(row.buyer_id, row.buyer_username),
    seller: person(row.seller_id, row.seller_username),
    appeal: {
      id: row.appeal_id,
      reason: row.reason,
      opened_by: person(row.opened_by, row.opened_by_username),
      created_at: iso(row.created_at),
      outcome: row.outcome,
      resolution_reason: row.resolution_reason,
      resolved_by: person(row.resolved_by, row.resolved_by_username),
      resolved_at: row.resolved_at ? iso(row.resolved_at) : null,
    },
    evidence_count: Number(row.evidence_count),
    appeal_count: Number(row.appeal_count),
  };
}

export function imageRef(u: { id: string; content_type: string; width: number; height: number }): ImageRef {
  return { id: u.id, url: uploadUrl(u.id), content_type: u.content_type as UploadImageType, width: Number(u.width), height: Number(u.height) };
}

/** Who may see an order's appeals: its buyer or seller, or an admin (null: everyone). */
export function visibleTo(caller: { id: string; role: string }): SQL {
  return caller.role === "admin" ? sql`true` : sql`(o.buyer_id = ${caller.id} or o.seller_id = ${caller.id})`;
}
