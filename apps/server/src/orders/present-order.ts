import { allowedActions, ORDER_WINDOWS, PERSON_ACTIONS, type Order, type OrderAction, type TradeSide } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { prepared, runPrepared } from "../db/prepared-query.js";
import { orders } from "../db/schema.js";
import { columnNames } from "../db/sql-names.js";
import { isMerchantFeeFree } from "../fees/order-fee.js";
import { liveOfferCoins } from "../offers/find-offer.js";
import { isOpenToMerchant, isParticipant, relationsOf, sideOf, type Caller, type OrderRow } from "./order-actors.js";

type Party = Order["creator"];

/** Statuses an order has before any appeal can be opened (appeals start from in_progress). */
const NEVER_APPEALED: ReadonlySet<OrderRow["status"]> = new Set(["pending", "matched"]);

/**
 * What presenting an order to one viewer reads besides the order (its parties, latest appeal and
 * the viewer's rating), when the statement that moved or created the order read it too
 * (`readForColumn`) and nothing later in the transaction changed it.
 */
export type ReadFor = { viewerId: string; rows: RelatedRow[] };
export type PresentableOrder = OrderRow & { readFor?: ReadFor };

/**
 * Orders as the caller may see them: parties, payment details for participants, the running
 * window's deadline, and exactly the actions the state machine allows this caller now. Related
 * rows are loaded in one batch per kind, for one order or a page of them, unless every order
 * brings them for this viewer.
 */
export async function presentOrders(db: Db | Tx, rows: PresentableOrder[], viewer: Caller): Promise<Order[]> {
  if (rows.length === 0) return [];
  const read = rows.every((r) => r.readFor?.viewerId === viewer.id) ? rows.flatMap((r) => r.readFor!.rows) : null;
  const { parties, appealRows, ratings } = splitRelated(read ?? (await loadRelated(db, rows, viewer.id)));
  const eyesOpenRequests = viewer.role === "merchant" && rows.some((r) => r.isOpenRequest && r.merchantId === null);
  const liveCoins = eyesOpenRequests ? await liveOfferCoins(db, viewer.id) : [];
  // A merchant in their free days would claim an open request at fee 0: shown so before they accept.
  const viewerFeeFree = eyesOpenRequests && (await isMerchantFeeFree(db, viewer.id));
  const partyById = new Map(parties.map((p) => [p.id, p]));
  const appealByOrder = new Map(appealRows.map((a) => [a.order_id, a]));
  const ratingByOrder = new Map(ratings.map((r) => [r.order_id, r.stars]));
  const live = new Set(liveCoins);

  const party = (id: string | null): Party | null => {
    if (!id) return null;
    const p = partyById.get(id);
    return { id, username: p?.username ?? "unknown", reputation_score: p?.reputation_score ?? "0.00", total_trades: p?.total_trades ?? 0 };
  };

  return rows.map((row) => {
    const participant = isParticipant(row, viewer.id) || viewer.role === "admin";
    const openToMe = row.merchantId === null && row.status === "pending" && isOpenToMerchant(row, viewer) && live.has(row.coin);
    const actions: OrderAction[] = openToMe
      ? ["accept"]
      : allowedActions(row.status, relationsOf(row, viewer)).filter((a) => PERSON_ACTIONS.includes(a));
    const appeal = appealByOrder.get(row.id);
    const myRating = ratingByOrder.get(row.id) ?? null;
    const mySide: TradeSide | null = sideOf(row, viewer.id);
    return {
      id: row.id,
      coin: row.coin,
      side: row.side as TradeSide,
      my_side: mySide,
      status: row.status,
      current_step: row.currentStep,
      is_active: row.isActive,
      is_open_request: row.isOpenRequest,
      price: row.price,
      coin_amount: row.coinAmount,
      naira_amount: row.nairaAmount,
      fee_bps: row.feeBps,
      ...(openToMe && viewerFeeFree
        ? { fee_amount: "0.00000000", fee_waiver: "new_merchant" as const }
        : { fee_amount: row.feeAmount, fee_waiver: row.feeWaiver as Order["fee_waiver"] }),
      creator: party(row.creatorId)!,
      merchant: party(row.merchantId),
      buyer_id: row.buyerId,
      seller_id: row.sellerId,
      payment_details:
        participant && row.paymentAccountNumber
          ? { bank_name: row.paymentBankName!, account_number: row.paymentAccountNumber, account_name: row.paymentAccountName! }
          : null,
      escrow_locked: row.escrowLockedAt !== null,
      deadline: deadlineOf(row),
      allowed_actions: actions,
      can_rate: row.status === "completed" && mySide !== null && myRating === null,
      my_rating: myRating,
      appeal:
        appeal && participant
          ? {
              id: appeal.id,
              opened_by: appeal.opened_by,
              reason: appeal.reason,
              created_at: new Date(appeal.created_at).toISOString(),
              outcome: appeal.outcome as "release" | "refund" | "withdrawn" | null,
              resolution_reason: appeal.resolution_reason,
              resolved_at: appeal.resolved_at === null ? null : new Date(appeal.resolved_at).toISOString(),
            }
          : null,
      close_reason: row.closeReason,
      created_at: row.createdAt.toISOString(),
      accepted_at: iso(row.acceptedAt),
      paid_at: iso(row.paidAt),
      completed_at: iso(row.completedAt),
      cancelled_at: iso(row.cancelledAt),
    };
  });
}

export async function presentOrder(db: Db | Tx, row: PresentableOrder, viewer: Caller): Promise<Order> {
  const [order] = await presentOrders(db, [row], viewer);
  return order!;
}

const DEADLINE_COLUMN = { acceptance: "acceptBy", payment: "payBy", confirmation: "confirmBy" } as const;

function deadlineOf(row: OrderRow): Order["deadline"] {
  const running = ORDER_WINDOWS[row.status as keyof typeof ORDER_WINDOWS];
  if (!running) return null;
  const at = row[DEADLINE_COLUMN[running.window]];
  return at ? { window: running.window, ends_at: at.toISOString() } : null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export type PartyRow = { id: string; username: string; reputation_score: string; total_trades: number };
type AppealRow = {
  id: string;
  order_id: string;
  opened_by: string | null;
  reason: string;
  created_at: string;
  outcome: string | null;
  resolution_reason: string | null;
  resolved_at: string | null;
};
type RatingRow = { order_id: string; stars: number };
export type RelatedRow = { k: "p"; v: PartyRow } | { k: "a"; v: AppealRow } | { k: "r"; v: RatingRow };

/** A party as presenting reads it, from the profiles row named `table` (JSON, one shape everywhere). */
export const partyJson = (table: string) =>
  `json_build_object('id', ${table}.id, 'username', ${table}.username, 'reputation_score', ${table}.reputation_score::text, 'total_trades', ${table}.total_trades)`;

/**
 * The parties' profiles, each order's latest appeal and the viewer's ratings, in one select. Appeals
 * are opened only from in_progress, so a pending or matched order has none; only a completed
 * order can be rated.
 */
function relatedSelect(ids: { parties: string; appealable: string; rater: string; rateable: string }): string {
  return `
  select 'p' as k, ${partyJson("profiles")} as v from profiles where id = any(${ids.parties})
  union all
  select 'a', json_build_object('id', id, 'order_id', order_id, 'opened_by', opened_by, 'reason', reason, 'created_at', created_at,
    'outcome', outcome, 'resolution_reason', resolution_reason, 'resolved_at', resolved_at)
  from (select distinct on (order_id) * from appeals where order_id = any(${ids.appealable}) order by order_id, created_at desc) latest
  union all
  select 'r', json_build_object('order_id', order_id, 'stars', stars) from order_ratings where rater_id = ${ids.rater} and order_id = any(${ids.rateable})`;
}

const LOAD_RELATED = prepared(relatedSelect({ parties: "$1::uuid[]", appealable: "$2::uuid[]", rater: "$3", rateable: "$4::uuid[]" }));

const O = columnNames(orders, ["id", "creatorId", "merchantId", "status"]);
const NEVER_APPEALED_SQL = [...NEVER_APPEALED].map((status) => `'${status}'`).join(", ");

/**
 * The same rows for the order in CTE `o` of the statement that moves or creates it, for the viewer
 * `viewer` (a parameter), as the JSON column `read_for`: presenting the order then needs no read
 * of its own. The statement reads them as they were when it started, so only a move that changes
 * none of them later in its transaction may use it (a completion brings its parties' new counts,
 * `withParties`).
 */
export function readForColumn(viewer: string): string {
  const related = relatedSelect({
    parties: `array[o.${O.creatorId}, o.${O.merchantId}]`,
    appealable: `case when o.${O.status} in (${NEVER_APPEALED_SQL}) then '{}'::uuid[] else array[o.${O.id}] end`,
    rater: `${viewer}::uuid`,
    rateable: `case when o.${O.status} = 'completed' then array[o.${O.id}] else '{}'::uuid[] end`,
  });
  return `(select coalesce(json_agg(x), '[]') from (${related}) x) as read_for`;
}

/** The rows read for a viewer, with these parties in place of the ones read before they changed. */
export function withParties(readFor: ReadFor, parties: PartyRow[]): ReadFor {
  return { viewerId: readFor.viewerId, rows: [...readFor.rows.filter((r) => r.k !== "p"), ...parties.map((v) => ({ k: "p" as const, v }))] };
}

const uuidArray = (ids: string[]) => `{${ids.join(",")}}`;

function loadRelated(db: Db | Tx, rows: OrderRow[], raterId: string): Promise<RelatedRow[]> {
  const partyIds = [...new Set(rows.flatMap((r) => [r.creatorId, r.merchantId]).filter((id): id is string => id !== null))];
  const appealable = rows.filter((r) => !NEVER_APPEALED.has(r.status)).map((r) => r.id);
  const rateable = rows.filter((r) => r.status === "completed").map((r) => r.id);
  return runPrepared<RelatedRow>(db, LOAD_RELATED, [uuidArray(partyIds), uuidArray(appealable), raterId, uuidArray(rateable)]);
}

function splitRelated(rows: RelatedRow[]): { parties: PartyRow[]; appealRows: AppealRow[]; ratings: RatingRow[] } {
  const parties: PartyRow[] = [];
  const appealRows: AppealRow[] = [];
  const ratings: RatingRow[] = [];
  for (const row of rows) {
    if (row.k === "p") parties.push(row.v);
    else if (row.k === "a") appealRows.push(row.v);
    else ratings.push(row.v);
  }
  return { parties, appealRows, ratings };
}
