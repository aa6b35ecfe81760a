import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { deposits, withdrawals } from "../db/schema.js";
import { presentDeposit, presentWithdrawal } from "./present.js";

type Query = { status?: string; page: number; page_size: number };

/** Deposits, newest first: the user's own (userId given) or all of them for admins. */
export async function listDeposits(options: { db: Db; userId?: string; query: Query }) {
  const { db, userId, query } = options;
  const where = and(userId ? eq(deposits.userId, userId) : undefined, query.status ? eq(deposits.status, query.status) : undefined);
  const [rows, total] = await Promise.all([
    db.select().from(deposits).where(where).orderBy(desc(deposits.createdAt), desc(deposits.id)).limit(query.page_size).offset(offset(query)),
    countWhere(db, deposits, where),
  ]);
  return { page: query.page, page_size: query.page_size, total, deposits: rows.map(presentDeposit) };
}

/** Withdrawals, newest first: the user's own (userId given) or all of them for admins. */
export async function listWithdrawals(options: { db: Db; userId?: string; query: Query }) {
  const { db, userId, query } = options;
  const where = and(userId ? eq(withdrawals.userId, userId) : undefined, query.status ? eq(withdrawals.status, query.status) : undefined);
  const [rows, total] = await Promise.all([
    db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.createdAt), desc(withdrawals.id)).limit(query.page_size).offset(offset(query)),
    countWhere(db, withdrawals, where),
  ]);
  return { page: query.page, page_size: query.page_size, total, withdrawals: rows.map(presentWithdrawal) };
}

const offset = (q: Query) => (q.page - 1) * q.page_size;

async function countWhere(db: Db, table: typeof deposits | typeof withdrawals, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row!.n;
}
