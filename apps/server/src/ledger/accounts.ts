import type { Params } from "../db/prepared-query.js";

/**
 * A ledger account by its natural key (DESIGN §2). Escrow accounts belong to one order and its
 * seller; custody and fees are the platform's, one per coin.
 */
export type AccountRef =
  | { kind: "available"; userId: string }
  | { kind: "withdrawing"; userId: string }
  | { kind: "escrow"; orderId: string; userId: string }
  | { kind: "custody" }
  | { kind: "fees" };

/** A total order over accounts: every transaction locks its accounts in this order, so none deadlock. */
export function accountSortKey(coin: string, ref: AccountRef): string {
  switch (ref.kind) {
    case "available":
    case "withdrawing":
      return `${ref.kind}|${coin}|${ref.userId}`;
    case "escrow":
      return `escrow|${coin}|${ref.orderId}`;
    case "custody":
    case "fees":
      return `${ref.kind}|${coin}`;
  }
}

/*
 * The balance statements as SQL text over parameters (see prepared-query.ts): the account kind
 * is a constant of the text, every value a parameter, so each kind of move is one prepared
 * statement. Both answer the account's id and its balance after the move.
 */

/** The WHERE clause selecting one account row. */
function accountMatch(coin: string, ref: AccountRef, params: Params): string {
  switch (ref.kind) {
    case "available":
    case "withdrawing":
      return `kind = '${ref.kind}' and coin = ${params.add(coin)} and user_id = ${params.add(ref.userId)}`;
    case "escrow":
      return `kind = 'escrow' and order_id = ${params.add(ref.orderId)}`;
    case "custody":
    case "fees":
      return `kind = '${ref.kind}' and coin = ${params.add(coin)}`;
  }
}

/**
 * Adds a credit to the account, creating it on first use (the ON CONFLICT target of each partial
 * unique index). `after` is a condition the move waits for: an earlier move of the same statement.
 */
export function creditAccount(coin: string, ref: AccountRef, amount: string, params: Params, after: string): string {
  const set = "do update set balance = ledger_accounts.balance + excluded.balance returning id, balance";
  switch (ref.kind) {
    case "available":
    case "withdrawing":
      return `insert into ledger_accounts (kind, coin, user_id, balance) select '${ref.kind}', ${params.add(coin)}, ${params.add(ref.userId)}::uuid, ${params.add(amount)}::numeric where ${after}
        on conflict (kind, coin, user_id) where kind in ('available', 'withdrawing') ${set}`;
    case "escrow":
      return `insert into ledger_accounts (kind, coin, user_id, order_id, balance) select 'escrow', ${params.add(coin)}, ${params.add(ref.userId)}::uuid, ${params.add(ref.orderId)}::uuid, ${params.add(amount)}::numeric where ${after}
        on conflict (order_id) where kind = 'escrow' ${set}`;
    case "custody":
    case "fees":
      return `insert into ledger_accounts (kind, coin, balance) select '${ref.kind}', ${params.add(coin)}, ${params.add(amount)}::numeric where ${after}
        on conflict (coin) where kind = '${ref.kind}' ${set}`;
  }
}

/**
 * Takes a debit from an existing account, once `after` holds. The row lock serialises concurrent
 * debits and the balance CHECK refuses any that would overdraw; a missing account holds nothing.
 */
export function debitAccount(coin: string, ref: AccountRef, amount: string, params: Params, after: string): string {
  const by = params.add(amount);
  return `update ledger_accounts set balance = balance - ${by}::numeric where ${accountMatch(coin, ref, params)} and ${after} returning id, balance`;
}
