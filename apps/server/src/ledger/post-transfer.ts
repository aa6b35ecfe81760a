import { formatCoin, type TransferKind, WALLET_TEXTS, fillTemplate } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { AppError } from "../http/errors.js";
import { accountSortKey, creditAccount, debitAccount, type AccountRef } from "./accounts.js";
import { Params, prepared, runPrepared } from "../db/prepared-query.js";
import { pgError } from "../db/transact.js";
import { auditLog } from "../db/schema.js";
import { insertTarget } from "../db/sql-names.js";

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

type Moved = { accountId: number; amount: string; balanceAfter: string };

/**
 * Writes one balanced transfer: each account's balance moves in lock order, under the
 * non-negative CHECK; the last move shares its statement with the transfer, its entries and an
 * audit row, so a two-posting transfer (every escrow move) costs two statements. Call inside the
 * transaction of the change it pays for.
 */
export async function postTransfer(tx: Tx, input: TransferInput): Promise<PostedTransfer> {
  const { coin, postings } = input;
  if (postings.length < 2) throw new Error("a transfer needs at least two postings");
  if (postings.some((p) => p.amount === 0n)) throw new Error("a posting may not be zero");
  if (postings.reduce((sum, p) => sum + p.amount, 0n) !== 0n) throw new Error("a transfer must balance");

  const ordered = [...postings].sort((a, b) => (accountSortKey(coin, a.account) < accountSortKey(coin, b.account) ? -1 : 1));
  const last = ordered.pop()!;
  const moved: Moved[] = [];
  for (const posting of ordered) {
    const params = new Params();
    const [row] = await guarded(coin, posting.account, () =>
      runPrepared<{ id: string | number; balance: string }>(tx, prepared(moveBalance(coin, posting, params)), params.values),
    );
    if (!row) throw insufficient(coin, posting.account);
    moved.push({ accountId: Number(row.id), amount: formatCoin(posting.amount), balanceAfter: String(row.balance) });
  }

  const params = new Params();
  const move = moveBalance(coin, last, params);
  const coinParam = params.add(coin);
  const earlier = moved
    .map((m) => `(${params.add(m.accountId)}::bigint, ${params.add(m.amount)}::numeric, ${params.add(m.balanceAfter)}::numeric)`)
    .join(", ");
  const lastAmount = params.add(formatCoin(last.amount));
  const actor = params.add(input.actorId);
  // The audit row names every posting; the last account's id is known only inside the statement.
  const audit = params.add(
    JSON.stringify({
      coin,
      order_id: input.orderId ?? null,
      deposit_id: input.depositId ?? null,
      withdrawal_id: input.withdrawalId ?? null,
      postings: moved.map((m) => ({ account_id: m.accountId, amount: m.amount })),
    }),
  );
  const text = `
    with m as (${move}),
    t as (
      insert into ledger_transfers (kind, coin, order_id, deposit_id, withdrawal_id, actor_id)
      select ${params.add(input.kind)}, ${coinParam}, ${params.add(input.orderId ?? null)}::uuid, ${params.add(input.depositId ?? null)}::uuid,
        ${params.add(input.withdrawalId ?? null)}::uuid, ${actor}::uuid
      where exists (select 1 from m)
      returning id
    ), e as (
      insert into ledger_entries (transfer_id, account_id, coin, amount, balance_after)
      select t.id, v.account_id, ${coinParam}, v.amount, v.balance_after from t, (values ${earlier}) as v(account_id, amount, balance_after)
      union all
      select t.id, m.id, ${coinParam}, ${lastAmount}::numeric, m.balance from t, m
    ), a as (
      insert into ${AUDIT_TARGET}
      select ${actor}::uuid, ${params.add(`ledger.${input.kind}`)}, 'ledger_transfer', t.id::text,
        jsonb_set(${audit}::jsonb, '{postings}', (${audit}::jsonb -> 'postings') || jsonb_build_array(jsonb_build_object('account_id', m.id, 'amount', ${lastAmount}::text)))
      from t, m
    )
    select id from t`;
  const [transfer] = await guarded(coin, last.account, () => runPrepared<{ id: string | number }>(tx, prepared(text), params.values));
  if (!transfer) throw insufficient(coin, last.account);
  return { id: Number(transfer.id) };
}

/** The transfer's audit row, its table and columns named from the schema (db/sql-names.ts). */
const AUDIT_TARGET = insertTarget(auditLog, ["actorId", "action", "targetType", "targetId", "data"]);

function moveBalance(coin: string, posting: Posting, params: Params): string {
  const amount = formatCoin(posting.amount < 0n ? -posting.amount : posting.amount);
  return posting.amount > 0n ? creditAccount(coin, posting.account, amount, params) : debitAccount(coin, posting.account, amount, params);
}

/** A balance going below zero is refused by the CHECK: the caller hears INSUFFICIENT_BALANCE. */
async function guarded<T>(coin: string, account: AccountRef, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pgError(err)?.constraint === "ledger_accounts_balance_nonnegative") throw insufficient(coin, account);
    throw err;
  }
}

function insufficient(coin: string, account: AccountRef): AppError {
  const text =
    account.kind === "available"
      ? WALLET_TEXTS.notEnoughAvailable
      : account.kind === "escrow"
        ? WALLET_TEXTS.notEnoughInEscrow
        : WALLET_TEXTS.notEnoughBeingWithdrawn;
  return new AppError("INSUFFICIENT_BALANCE", fillTemplate(text, { coin }));
}
