import { formatCoin, type TransferKind, WALLET_TEXTS, fillTemplate } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { AppError } from "../http/errors.js";
import { accountSortKey, creditAccount, debitAccount, type AccountRef } from "./accounts.js";
import { Params, prepared, runPrepared } from "../db/prepared-query.js";
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

/**
 * A transfer as SQL, every value an expression: a parameter, or a column of a row the same
 * statement wrote (escrow.ts moves an order's coins in the statement that moves the order).
 */
export type TransferSql = {
  kind: TransferKind;
  coin: string;
  orderId: string;
  depositId: string;
  withdrawalId: string;
  actor: string;
  /**
   * In lock order (`accountSortKey`); exactly one is a debit. Amounts are positive numeric
   * expressions. An optional posting (a fee that may be 0) is written only where `when` holds,
   * and only last: the required moves wait for each other in order, the optional ones for the
   * last required.
   */
  postings: { account: AccountRef; amount: string; debit?: true; when?: string }[];
  /** The transfer is written only where this holds. */
  when: string;
  /**
   * A FROM item of the statement (a CTE of one row, or none when the transfer is not due) whose
   * columns the expressions name: each is read from one row instead of a subquery of its own.
   */
  from?: string;
};

export type PostedTransfer = { id: number };

/** The id of the transfer `transferWrites` wrote, or null when it was refused (or not due). */
export const TRANSFER_ID = "(select id from xt)";

/**
 * One balanced transfer as CTEs (each a name and its statement, to follow a WITH or a comma):
 * each account's balance moves in lock order, each move waiting for the one before it, then the
 * transfer, its entries and an audit row. The debit moves only an account that holds the amount,
 * so a refusal writes nothing and `TRANSFER_ID` is null.
 */
export function transferWrites(transfer: TransferSql): string {
  const { coin, postings } = transfer;
  const required = postings.filter((p) => !p.when).length;
  if (postings.slice(required).some((p) => !p.when)) throw new Error("a transfer's optional postings come last");
  if (postings.filter((p) => p.debit).length !== 1) throw new Error("a transfer debits exactly one account");
  const lastRequired = `xm${required - 1}`;
  const moves = postings.map((posting, i) => {
    const after = i === 0 ? transfer.when : `exists (select 1 from xm${Math.min(i, required) - 1})${posting.when ? ` and ${posting.when}` : ""}`;
    const amount = `(${posting.amount})`;
    const move = posting.debit ? debitAccount : creditAccount;
    return `xm${i} as (${move(coin, posting.account, amount, after, transfer.from)})`;
  });
  const also = transfer.from ? `, ${transfer.from}` : "";
  const signed = postings.map((posting) => (posting.debit ? `(-(${posting.amount}))` : `(${posting.amount})`));
  const entries = postings.map((_, i) => `select xt.id, xm${i}.id, ${coin}, ${signed[i]}, xm${i}.balance from xt, xm${i}${also}`);
  const posted = (i: number) => `jsonb_build_object('account_id', xm${i}.id, 'amount', ${signed[i]}::text)`;
  const auditPostings = [
    `jsonb_build_array(${postings
      .slice(0, required)
      .map((_, i) => posted(i))
      .join(", ")})`,
    ...postings.slice(required).map((_, j) => `coalesce((select jsonb_agg(${posted(required + j)}) from xm${required + j}), '[]'::jsonb)`),
  ];
  return `${moves.join(", ")},
    xt as (
      insert into ledger_transfers (kind, coin, order_id, deposit_id, withdrawal_id, actor_id)
      select '${transfer.kind}', ${coin}, ${transfer.orderId}::uuid, ${transfer.depositId}::uuid, ${transfer.withdrawalId}::uuid, ${transfer.actor}::uuid
      ${transfer.from ? `from ${transfer.from} ` : ""}where exists (select 1 from ${lastRequired})
      returning id
    ), xe as (
      insert into ledger_entries (transfer_id, account_id, coin, amount, balance_after)
      ${entries.join(" union all ")}
    ), xa as (
      insert into ${AUDIT_TARGET}
      select ${transfer.actor}::uuid, 'ledger.${transfer.kind}', 'ledger_transfer', xt.id::text,
        jsonb_build_object('coin', ${coin}::text, 'order_id', ${transfer.orderId}::text, 'deposit_id', ${transfer.depositId}::text,
          'withdrawal_id', ${transfer.withdrawalId}::text, 'postings', ${auditPostings.join(" || ")})
      from xt, ${postings
        .slice(0, required)
        .map((_, i) => `xm${i}`)
        .join(", ")}${also}
    )`;
}

/**
 * Writes one balanced transfer in one statement (`transferWrites`); a refusal names the one
 * account it debits: a missing account, or one the debit would overdraw, is INSUFFICIENT_BALANCE.
 * Call inside the transaction of the change it pays for.
 */
export async function postTransfer(tx: Tx, input: TransferInput): Promise<PostedTransfer> {
  const { coin, postings } = input;
  if (postings.length < 2) throw new Error("a transfer needs at least two postings");
  if (postings.some((p) => p.amount === 0n)) throw new Error("a posting may not be zero");
  if (postings.reduce((sum, p) => sum + p.amount, 0n) !== 0n) throw new Error("a transfer must balance");
  const debits = postings.filter((p) => p.amount < 0n);
  if (debits.length !== 1) throw new Error("a transfer debits exactly one account");

  const ordered = [...postings].sort((a, b) => (accountSortKey(coin, a.account) < accountSortKey(coin, b.account) ? -1 : 1));
  const params = new Params();
  const coinParam = params.add(coin);
  const id = (value: string | undefined) => params.add(value ?? null);
  const transfer: TransferSql = {
    kind: input.kind,
    coin: coinParam,
    orderId: id(input.orderId),
    depositId: id(input.depositId),
    withdrawalId: id(input.withdrawalId),
    actor: params.add(input.actorId),
    postings: ordered.map(({ account, amount }) => ({
      account: accountAt(account, id),
      amount: `${params.add(formatCoin(amount < 0n ? -amount : amount))}::numeric`,
      ...(amount < 0n ? { debit: true as const } : {}),
    })),
    when: "true",
  };
  return runTransfer(tx, transfer, params.values, refused(coin, debits[0]!.account.kind));
}

/** Runs a transfer statement of its own; `refusal` is what a refused one throws. */
export async function runTransfer(tx: Tx, transfer: TransferSql, values: unknown[], refusal: AppError): Promise<PostedTransfer> {
  const [row] = await runPrepared<{ id: string | number | null }>(
    tx,
    prepared(`with ${transferWrites(transfer)} select ${TRANSFER_ID} as id`),
    values,
  );
  if (row?.id === null || row?.id === undefined) throw refusal;
  return { id: Number(row.id) };
}

/** An account named by its ids, each made a parameter (the kind stays a constant of the text). */
function accountAt(ref: AccountRef, id: (value: string) => string): AccountRef {
  switch (ref.kind) {
    case "available":
    case "withdrawing":
      return { kind: ref.kind, userId: id(ref.userId) };
    case "escrow":
      return { kind: "escrow", orderId: id(ref.orderId), userId: id(ref.userId) };
    case "custody":
    case "fees":
      return ref;
  }
}

/** Why a transfer debiting an account of this kind was refused: it does not hold the amount. */
export function refused(coin: string, debited: AccountRef["kind"]): AppError {
  const text =
    debited === "available"
      ? WALLET_TEXTS.notEnoughAvailable
      : debited === "escrow"
        ? WALLET_TEXTS.notEnoughInEscrow
        : WALLET_TEXTS.notEnoughBeingWithdrawn;
  return new AppError("INSUFFICIENT_BALANCE", fillTemplate(text, { coin }));
}

/** The transfer's audit row, its table and columns named from the schema (db/sql-names.ts). */
const AUDIT_TARGET = insertTarget(auditLog, ["actorId", "action", "targetType", "targetId", "data"]);
