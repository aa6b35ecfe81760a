import { sql, type SQL } from "drizzle-orm";

/** A ledger account by its natural key (DESIGN §2). Escrow accounts belong to one order and its seller. */
export type AccountRef =
  | { kind: "available"; userId: string }
  | { kind: "withdrawing"; userId: string }
  | { kind: "escrow"; orderId: string; userId: string }
  | { kind: "custody" };

/** A total order over accounts: every transaction locks its accounts in this order, so none deadlock. */
export function accountSortKey(coin: string, ref: AccountRef): string {
  switch (ref.kind) {
    case "available":
    case "withdrawing":
      return `${ref.kind}|${coin}|${ref.userId}`;
    case "escrow":
      return `escrow|${coin}|${ref.orderId}`;
    case "custody":
      return `custody|${coin}`;
  }
}

/** The WHERE clause selecting one account row. */
export function accountMatch(coin: string, ref: AccountRef): SQL {
  switch (ref.kind) {
    case "available":
    case "withdrawing":
      return sql`kind = ${ref.kind} and coin = ${coin} and user_id = ${ref.userId}`;
    case "escrow":
      return sql`kind = 'escrow' and order_id = ${ref.orderId}`;
    case "custody":
      return sql`kind = 'custody' and coin = ${coin}`;
  }
}

/** Adds a credit to the account, creating it on first use (the ON CONFLICT target of each partial unique index). */
export function creditAccount(coin: string, ref: AccountRef, amount: string): SQL {
  const set = sql`do update set balance = ledger_accounts.balance + excluded.balance returning id, balance`;
  switch (ref.kind) {
    case "available":
    case "withdrawing":
      return sql`insert into ledger_accounts (kind, coin, user_id, balance) values (${ref.kind}, ${coin}, ${ref.userId}, ${amount}::numeric)
        on conflict (kind, coin, user_id) where kind in ('available', 'withdrawing') ${set}`;
    case "escrow":
      return sql`insert into ledger_accounts (kind, coin, user_id, order_id, balance) values ('escrow', ${coin}, ${ref.userId}, ${ref.orderId}, ${amount}::numeric)
        on conflict (order_id) where kind = 'escrow' ${set}`;
    case "custody":
      return sql`insert into ledger_accounts (kind, coin, balance) values ('custody', ${coin}, ${amount}::numeric)
        on conflict (coin) where kind = 'custody' ${set}`;
  }
}

/**
 * Takes a debit from an existing account. The row lock serialises concurrent debits and the
 * balance CHECK refuses any that would overdraw; a missing account holds nothing.
 */
export function debitAccount(coin: string, ref: AccountRef, amount: string): SQL {
  return sql`update ledger_accounts set balance = balance - ${amount}::numeric where ${accountMatch(coin, ref)} returning id, balance`;
}
