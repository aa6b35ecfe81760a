import { sql } from "drizzle-orm";
import { formatCoin, type TransferKind } from "@p2p/shared";
import { queryRows, type Tx } from "../db/client.js";
import { AppError } from "../http/errors.js";
import { accountSortKey, creditAccount, debitAccount, type AccountRef } from "./accounts.js";
import { pgError } from "./transact.js";

export type Posting = { account: AccountRef; amount: bigint };

export type TransferInput = {
  kind: TransferKind;
  coin: string;
  postings: Posting[];
  actorId: string | null;
  orderId?: string;
  depositId?: string;
  withdrawalId?: string;
};

export type PostedTransfer = { id: number };

/**
 * Writes one balanced transfer: each account's balance moves (in lock order, under the
 * non-negative CHECK), then the transfer, its entries and an audit row in a single statement.
 * Call inside the transaction of the change it pays for.
 */
export async function postTransfer(tx: Tx, input: TransferInput): Promise<PostedTransfer> {
  const { coin, postings } = input;
  if (postings.length < 2) throw new Error("a transfer needs at least two postings");
  if (postings.some((p) => p.amount === 0n)) throw new Error("a posting may not be zero");
  if (postings.reduce((sum, p) => sum + p.amount, 0n) !== 0n) throw new Error("a transfer must balance");

  const ordered = [...postings].sort((a, b) => (accountSortKey(coin, a.account) < accountSortKey(coin, b.account) ? -1 : 1));
  const moved: { accountId: number; amount: string; balanceAfter: string }[] = [];
  for (const posting of ordered) {
    const amount = formatCoin(posting.amount < 0n ? -posting.amount : posting.amount);
    let rows: { id: number; balance: string }[];
    try {
      rows = await queryRows(tx, posting.amount > 0n ? creditAccount(coin, posting.account, amount) : debitAccount(coin, posting.account, amount));
    } catch (err) {
      if (pgError(err)?.constraint === "ledger_accounts_balance_nonnegative") throw insufficient(coin, posting.account);
      throw err;
    }
    if (rows.length === 0) throw insufficient(coin, posting.account);
    moved.push({ accountId: Number(rows[0]!.id), amount: formatCoin(posting.amount), balanceAfter: rows[0]!.balance });
  }

  const values = sql.join(
    moved.map((m) => sql`(${m.accountId}::bigint, ${m.amount}::numeric, ${m.balanceAfter}::numeric)`),
    sql`, `,
  );
  const audit = JSON.stringify({
    coin,
    order_id: input.orderId ?? null,
    deposit_id: input.depositId ?? null,
    withdrawal_id: input.withdrawalId ?? null,
    postings: moved.map((m) => ({ account_id: m.accountId, amount: m.amount })),
  });
  const [transfer] = await queryRows<{ id: number }>(tx, sql`
    with t as (
      insert into ledger_transfers (kind, coin, order_id, deposit_id, withdrawal_id, actor_id)
      values (${input.kind}, ${coin}, ${input.orderId ?? null}, ${input.depositId ?? null}, ${input.withdrawalId ?? null}, ${input.actorId})
      returning id
    ), e as (
      insert into ledger_entries (transfer_id, account_id, coin, amount, balance_after)
      select t.id, v.account_id, ${coin}, v.amount, v.balance_after
      from t, (values ${values}) as v(account_id, amount, balance_after)
    ), a as (
      insert into audit_log (actor_id, action, target_type, target_id, data)
      select ${input.actorId}, ${`ledger.${input.kind}`}, 'ledger_transfer', t.id::text, ${audit}::jsonb from t
    )
    select id from t`);
  return { id: Number(transfer!.id) };
}

function insufficient(coin: string, account: AccountRef): AppError {
  const where = account.kind === "available" ? "available" : account.kind === "escrow" ? "in escrow" : "being withdrawn";
  return new AppError("INSUFFICIENT_BALANCE", `Not enough ${coin} ${where} for this.`);
}
