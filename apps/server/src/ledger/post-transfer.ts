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

/**
 * Writes one balanced transfer in one statement: each account's balance moves in lock order (each
 * move waits for the one before it), under the non-negative CHECK, then the transfer, its entries
 * and an audit row. A transfer debits exactly one account, so a refusal names it: a missing
 * account, or one the debit would overdraw, is INSUFFICIENT_BALANCE. Call inside the transaction
 * of the change it pays for.
 */
export async function postTransfer(tx: Tx, input: TransferInput): Promise<PostedTransfer> {
  const { coin, postings } = input;
  if (postings.length < 2) throw new Error("a transfer needs at least two postings");
  if (postings.some((p) => p.amount === 0n)) throw new Error("a posting may not be zero");
  if (postings.reduce((sum, p) => sum + p.amount, 0n) !== 0n) throw new Error("a transfer must balance");
  const debits = postings.filter((p) => p.amount < 0n);
  if (debits.length !== 1) throw new Error("a transfer debits exactly one account");
  const debited = debits[0]!.account;

  const ordered = [...postings].sort((a, b) => (accountSortKey(coin, a.account) < accountSortKey(coin, b.account) ? -1 : 1));
  const params = new Params();
  const moves = ordered.map(
    (posting, i) => `m${i} as (${moveBalance(coin, posting, params, i === 0 ? "true" : `exists (select 1 from m${i - 1})`)})`,
  );
  const last = `m${ordered.length - 1}`;
  const coinParam = params.add(coin);
  const amounts = ordered.map((posting) => params.add(formatCoin(posting.amount)));
  const actor = params.add(input.actorId);
  const [orderId, depositId, withdrawalId] = [input.orderId, input.depositId, input.withdrawalId].map((id) => params.add(id ?? null));
  const entries = ordered.map((_, i) => `select t.id, m${i}.id, ${coinParam}, ${amounts[i]}::numeric, m${i}.balance from t, m${i}`);
  const auditPostings = ordered.map((_, i) => `jsonb_build_object('account_id', m${i}.id, 'amount', ${amounts[i]}::text)`);
  const text = `
    with ${moves.join(", ")},
    t as (
      insert into ledger_transfers (kind, coin, order_id, deposit_id, withdrawal_id, actor_id)
      select ${params.add(input.kind)}, ${coinParam}, ${orderId}::uuid, ${depositId}::uuid, ${withdrawalId}::uuid, ${actor}::uuid
      where exists (select 1 from ${last})
      returning id
    ), e as (
      insert into ledger_entries (transfer_id, account_id, coin, amount, balance_after)
      ${entries.join(" union all ")}
    ), a as (
      insert into ${AUDIT_TARGET}
      select ${actor}::uuid, ${params.add(`ledger.${input.kind}`)}, 'ledger_transfer', t.id::text,
        jsonb_build_object('coin', ${coinParam}::text, 'order_id', ${orderId}::text, 'deposit_id', ${depositId}::text,
          'withdrawal_id', ${withdrawalId}::text, 'postings', jsonb_build_array(${auditPostings.join(", ")}))
      from t, ${ordered.map((_, i) => `m${i}`).join(", ")}
    )
    select id from t`;
  const [transfer] = await guarded(coin, debited, () => runPrepared<{ id: string | number }>(tx, prepared(text), params.values));
  if (!transfer) throw insufficient(coin, debited);
  return { id: Number(transfer.id) };
}

/** The transfer's audit row, its table and columns named from the schema (db/sql-names.ts). */
const AUDIT_TARGET = insertTarget(auditLog, ["actorId", "action", "targetType", "targetId", "data"]);

function moveBalance(coin: string, posting: Posting, params: Params, after: string): string {
  const amount = formatCoin(posting.amount < 0n ? -posting.amount : posting.amount);
  return posting.amount > 0n
    ? creditAccount(coin, posting.account, amount, params, after)
    : debitAccount(coin, posting.account, amount, params, after);
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
