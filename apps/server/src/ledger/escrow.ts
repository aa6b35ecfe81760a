import type { Tx } from "../db/client.js";
import { Params } from "../db/prepared-query.js";
import { accountSortKey, type AccountRef } from "./accounts.js";
import { refused, runTransfer, type TransferSql } from "./post-transfer.js";

/** The escrow's moves: the seller's coins into it, out to the buyer (and the fee), or back to the seller. */
export type EscrowMove = "lock" | "release" | "refund";

/**
 * What an escrow move reads of its order, each a SQL expression: parameters (an order being
 * created), or the columns of the row the statement moving the order just wrote (apply-transition.ts).
 */
export type EscrowValues = {
  orderId: string;
  coin: string;
  side: string;
  coinAmount: string;
  feeAmount: string;
  sellerId: string;
  buyerId: string;
};

/** The account each move takes the coins from: a refused move is named by it. */
export const ESCROW_DEBITED: Record<EscrowMove, AccountRef["kind"]> = { lock: "available", release: "escrow", refund: "escrow" };

/**
 * The escrow amounts of feeSplit (shared, docs/TRADING.md "Fees") in SQL, where the order is
 * read: when the merchant sells (a buy order) the fee is locked on top of the coins and paid out of
 * the lock; when the merchant buys, the coins are locked and the fee comes out of the buyer's share.
 * escrow.test.ts holds the two together.
 */
export function escrowAmountsSql(v: Pick<EscrowValues, "side" | "coinAmount" | "feeAmount">) {
  const merchantSells = `${v.side} = 'buy'`;
  return {
    locked: `case when ${merchantSells} then ${v.coinAmount} + ${v.feeAmount} else ${v.coinAmount} end`,
    toBuyer: `case when ${merchantSells} then ${v.coinAmount} else ${v.coinAmount} - ${v.feeAmount} end`,
    fee: v.feeAmount,
  };
}

/**
 * The transfer of an escrow move, written where `when` holds: the lock takes the seller's coins
 * (and a selling merchant's fee) into the order's escrow; the release pays the buyer's share to
 * the buyer and the fee, when there is one, to the coin's fee account; the refund returns the
 * whole lock to the seller. The settlement unique index makes a second release or refund of the
 * same order fail, whatever the caller got wrong.
 */
export function escrowTransfer(move: EscrowMove, v: EscrowValues, actor: string, when: string): TransferSql {
  const { locked, toBuyer, fee } = escrowAmountsSql(v);
  const seller: AccountRef = { kind: "available", userId: v.sellerId };
  const escrow: AccountRef = { kind: "escrow", orderId: v.orderId, userId: v.sellerId };
  const postings: TransferSql["postings"] =
    move === "lock"
      ? [
          { account: seller, amount: locked, debit: true },
          { account: escrow, amount: locked },
        ]
      : move === "refund"
        ? [
            { account: escrow, amount: locked, debit: true },
            { account: seller, amount: locked },
          ]
        : [
            { account: escrow, amount: locked, debit: true },
            { account: { kind: "available", userId: v.buyerId }, amount: toBuyer },
            { account: { kind: "fees" }, amount: fee, when: `${fee} > 0` },
          ];
  // Each posting is a different kind of account, so the global lock order is their kinds' order, whatever the expressions.
  const inLockOrder = [...postings].sort((a, b) => (accountSortKey(v.coin, a.account) < accountSortKey(v.coin, b.account) ? -1 : 1));
  const kind = move === "lock" ? "escrow_lock" : move === "release" ? "escrow_release" : "escrow_refund";
  return { kind, coin: v.coin, orderId: v.orderId, depositId: "null", withdrawalId: "null", actor, postings: inLockOrder, when };
}

/** What an order being created locks: a seller-creator's coins (with the order, in its transaction). */
export type NewEscrow = { id: string; coin: string; side: string; coinAmount: string; feeAmount: string; sellerId: string };

/** Locks a seller-creator's coins into their new order's escrow; 409 INSUFFICIENT_BALANCE when they lack them. */
export async function lockEscrow(tx: Tx, order: NewEscrow, actorId: string): Promise<void> {
  const params = new Params();
  const values: EscrowValues = {
    orderId: params.add(order.id),
    coin: `${params.add(order.coin)}::text`,
    side: `${params.add(order.side)}::text`,
    coinAmount: `${params.add(order.coinAmount)}::numeric`,
    feeAmount: `${params.add(order.feeAmount)}::numeric`,
    sellerId: params.add(order.sellerId),
    buyerId: "null",
  };
  await runTransfer(tx, escrowTransfer("lock", values, params.add(actorId), "true"), params.values, refused(order.coin, ESCROW_DEBITED.lock));
}
