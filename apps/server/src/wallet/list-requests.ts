import type { AdminDeposit, AdminWithdrawal } from "@p2p/shared";
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { deposits, networks, withdrawals } from "../db/schema.js";
import { presentDeposit, presentWithdrawal } from "./present.js";
import { approvalsRequired } from "./second-approval.js";

type Query = { status?: string; page: number; page_size: number };

const networkFacts = { explorerTxUrl: networks.explorerTxUrl, confirmations: networks.confirmations };
const depositNetwork = and(eq(networks.coin, deposits.coin), eq(networks.code, deposits.network));
const withdrawalNetwork = and(eq(networks.coin, withdrawals.coin), eq(networks.code, withdrawals.network));

/** The user's own deposits, newest first. */
export async function listDeposits(options: { db: Db; userId: string; query: Query }) {
  const { db, userId, query } = options;
  const where = and(eq(deposits.userId, userId), query.status ? eq(deposits.status, query.status) : undefined);
  const [rows, total] = await Promise.all([
    db
      .select({ row: deposits, network: networkFacts })
      .from(deposits)
      .leftJoin(networks, depositNetwork)
      .where(where)
      .orderBy(desc(deposits.createdAt), desc(deposits.id))
      .limit(query.page_size)
      .offset(offset(query)),
    countWhere(db, deposits, where),
  ]);
  return { page: query.page, page_size: query.page_size, total, deposits: rows.map((r) => presentDeposit(r.row, r.network)) };
}

/**
 * Every deposit for admins, newest first, each with how many other deposits filed its hash (any
 * status): whoever files a hash first does not own it, so the reviewer sees the other claims.
 */
export async function listDepositsForReview(options: { db: Db; query: Query }) {
  const { db, query } = options;
  const where = query.status ? eq(deposits.status, query.status) : undefined;
  const hashClaims = sql<number>`(select count(*)::int from deposits as other where other.coin = deposits.coin and other.tx_hash = deposits.tx_hash and other.id <> deposits.id)`;
  const [rows, total] = await Promise.all([
    db
      .select({ row: deposits, hashClaims, network: networkFacts })
      .from(deposits)
      .leftJoin(networks, depositNetwork)
      .where(where)
      .orderBy(desc(deposits.createdAt), desc(deposits.id))
      .limit(query.page_size)
      .offset(offset(query)),
    countWhere(db, deposits, where),
  ]);
  return {
    page: query.page,
    page_size: query.page_size,
    total,
    deposits: rows.map((r): AdminDeposit => ({ ...presentDeposit(r.row, r.network), hash_claims: r.hashClaims })),
  };
}

/** The user's own withdrawals, newest first. */
export async function listWithdrawals(options: { db: Db; userId: string; query: Query }) {
  const { db, userId, query } = options;
  const where = and(eq(withdrawals.userId, userId), query.status ? eq(withdrawals.status, query.status) : undefined);
  const [rows, total] = await Promise.all([
    db
      .select({ row: withdrawals, network: networkFacts })
      .from(withdrawals)
      .leftJoin(networks, withdrawalNetwork)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(query.page_size)
      .offset(offset(query)),
    countWhere(db, withdrawals, where),
  ]);
  return { page: query.page, page_size: query.page_size, total, withdrawals: rows.map((r) => presentWithdrawal(r.row, r.network)) };
}

/** Every withdrawal for admins, newest first, with the approvals its amount needs and who gave them. */
export async function listWithdrawalsForReview(options: { db: Db; query: Query; twoAdminsAbove: string }) {
  const { db, query, twoAdminsAbove } = options;
  const where = query.status ? eq(withdrawals.status, query.status) : undefined;
  const approvedBy = sql<
    string[]
  >`coalesce((select json_agg(a.admin_id order by a.created_at, a.admin_id) from withdrawal_approvals as a where a.withdrawal_id = withdrawals.id), '[]'::json)`;
  const [rows, total] = await Promise.all([
    db
      .select({ row: withdrawals, approvedBy, network: networkFacts })
      .from(withdrawals)
      .leftJoin(networks, withdrawalNetwork)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(query.page_size)
      .offset(offset(query)),
    countWhere(db, withdrawals, where),
  ]);
  const present = (r: (typeof rows)[number]): AdminWithdrawal => ({
    ...presentWithdrawal(r.row, r.network),
    approvals_required: approvalsRequired(twoAdminsAbove, r.row),
    approved_by: r.approvedBy,
  });
  return { page: query.page, page_size: query.page_size, total, withdrawals: rows.map(present) };
}

const offset = (q: Query) => (q.page - 1) * q.page_size;

async function countWhere(db: Db, table: typeof deposits | typeof withdrawals, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row!.n;
}
