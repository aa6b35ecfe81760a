import { and, desc, eq, inArray } from "drizzle-orm";
import { allowedActions, ORDER_WINDOWS, PERSON_ACTIONS, type Order, type OrderAction, type TradeSide } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { appeals, orderRatings, profiles } from "../db/schema.js";
import { liveOfferCoins } from "../offers/find-offer.js";
import { isOpenToMerchant, isParticipant, relationsOf, sideOf, type Caller, type OrderRow } from "./order-actors.js";

type Party = Order["creator"];

/** Statuses an order has before any appeal can be opened (appeals start from in_progress). */
const NEVER_APPEALED: ReadonlySet<OrderRow["status"]> = new Set(["pending", "matched"]);

/**
 * Orders as the caller may see them: parties, payment details for participants, the running
 * window's deadline, and exactly the actions the state machine allows this caller now. Related
 * rows are loaded in one batch per kind, for one order or a page of them.
 */
export async function presentOrders(db: Db | Tx, rows: OrderRow[], viewer: Caller): Promise<Order[]> {
  if (rows.length === 0) return [];
  const partyIds = [...new Set(rows.flatMap((r) => [r.creatorId, r.merchantId]).filter((id): id is string => id !== null))];
  // Appeals are opened only from in_progress, so a pending or matched order has none; only a
  // completed order can be rated. Each transition answer thus skips the lookups it cannot need.
  const appealable = rows.filter((r) => !NEVER_APPEALED.has(r.status)).map((r) => r.id);
  const rateable = rows.filter((r) => r.status === "completed").map((r) => r.id);
  const [parties, appealRows, ratings, liveCoins] = await Promise.all([
    db
      .select({ id: profiles.id, username: profiles.username, reputationScore: profiles.reputationScore, totalTrades: profiles.totalTrades })
      .from(profiles)
      .where(inArray(profiles.id, partyIds)),
    appealable.length
      ? db
          .selectDistinctOn([appeals.orderId])
          .from(appeals)
          .where(inArray(appeals.orderId, appealable))
          .orderBy(appeals.orderId, desc(appeals.createdAt))
      : Promise.resolve([]),
    rateable.length
      ? db
          .select({ orderId: orderRatings.orderId, stars: orderRatings.stars })
          .from(orderRatings)
          .where(and(eq(orderRatings.raterId, viewer.id), inArray(orderRatings.orderId, rateable)))
      : Promise.resolve([]),
    viewer.role === "merchant" && rows.some((r) => r.isOpenRequest && r.merchantId === null)
      ? liveOfferCoins(db, viewer.id)
      : Promise.resolve([]),
  ]);
  const partyById = new Map(parties.map((p) => [p.id, p]));
  const appealByOrder = new Map(appealRows.map((a) => [a.orderId, a]));
  const ratingByOrder = new Map(ratings.map((r) => [r.orderId, r.stars]));
  const live = new Set(liveCoins);

  const party = (id: string | null): Party | null => {
    if (!id) return null;
    const p = partyById.get(id);
    return { id, username: p?.username ?? "unknown", reputation_score: p?.reputationScore ?? "0.00", total_trades: p?.totalTrades ?? 0 };
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
              opened_by: appeal.openedBy,
              reason: appeal.reason,
              created_at: appeal.createdAt.toISOString(),
              outcome: appeal.outcome as "release" | "refund" | "withdrawn" | null,
              resolution_reason: appeal.resolutionReason,
              resolved_at: appeal.resolvedAt?.toISOString() ?? null,
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

export async function presentOrder(db: Db | Tx, row: OrderRow, viewer: Caller): Promise<Order> {
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

