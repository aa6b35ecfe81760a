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
 * The balance moves of a transfer statement (post-transfer.ts) as SQL text. The account kind is a
 * constant of the text; the coin, the account's ids and the amount are SQL expressions: parameters,
 * or columns of a row the same statement wrote (an order a move just changed). Both answer the
 * account's id and its balance after the move.
 */

/** The WHERE clause selecting one account row, its coin and ids SQL expressions. */
function accountMatch(coin: string, ref: AccountRef): string {
  switch (ref.kind) {
    case "available":
    case "withdrawing":
      return `kind = '${ref.kind}' and coin = ${coin} and user_id = ${ref.userId}::uuid`;
    case "escrow":
      return `kind = 'escrow' and order_id = ${ref.orderId}::uuid`;
    case "custody":
    case "fees":
      return `kind = '${ref.kind}' and coin = ${coin}`;
  }
}

/**
 * Adds a credit to the account, creating it on first use (the ON CONFLICT target of each partial
 * unique index). `after` is a condition the move waits for: an earlier move of the same statement.
 * `from`, when given, is a FROM item of one row whose columns the expressions name.
 */
export function creditAccount(coin: string, ref: AccountRef, amount: string, after: string, from?: string): string {
  const set = "do update set balance = ledger_accounts.balance + excluded.balance returning id, balance";
  const source = from ? ` from ${from}` : "";
  switch (ref.kind) {
    case "available":
    case "withdrawing":
      return `insert into ledger_accounts (kind, coin, user_id, balance) select '${ref.kind}', ${coin}, ${ref.userId}::uuid, ${amount}${source} where ${after}
        on conflict (kind, coin, user_id) where kind in ('available', 'withdrawing') ${set}`;
    case "escrow":
      return `insert into ledger_accounts (kind, coin, user_id, order_id, balance) select 'escrow', ${coin}, ${ref.userId}::uuid, ${ref.orderId}::uuid, ${amount}${source} where ${after}
        on conflict (order_id) where kind = 'escrow' ${set}`;
    case "custody":
    case "fees":
      return `insert into ledger_accounts (kind, coin, balance) select '${ref.kind}', ${coin}, ${amount}${source} where ${after}
        on conflict (coin) where kind = '${ref.kind}' ${set}`;
  }
}

/**
 * Takes a debit from an existing account, once `after` holds. The row lock serialises concurrent
 * debits, and a debit that waited for it is checked against the balance the one before left: an
 * account that is missing, or one the debit would overdraw, is not moved, and the transfer is
 * refused. Custody alone goes below zero (its balance is minus the coins on the platform, DESIGN
 * §2), as the balance CHECK beneath says too.
 */
export function debitAccount(coin: string, ref: AccountRef, amount: string, after: string, from?: string): string {
  const holds = ref.kind === "custody" ? "" : ` and balance >= ${amount}`;
  const source = from ? ` from ${from}` : "";
  return `update ledger_accounts set balance = balance - ${amount}${source} where ${accountMatch(coin, ref)}${holds} and ${after} returning ledger_accounts.id, ledger_accounts.balance`;
}
