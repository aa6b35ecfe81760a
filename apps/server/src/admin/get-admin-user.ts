import { NO_SUCH } from "@p2p/shared";
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { AdminUserDetail } from "@p2p/shared";
import { queryRows, type Db } from "../db/client.js";
import { adminProposals, auditLog, orders, profiles, userRoles, users } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { getWallet } from "../wallet/get-wallet.js";
import { requireUuid } from "../wallet/ids.js";

const RECENT_ORDERS = 10;

/** One account for an admin: profile, role, suspension, balances, open orders and recent orders. */
export async function getAdminUser(options: { db: Db; userId: string }): Promise<AdminUserDetail> {
  const { db, userId } = options;
  requireUuid(userId, "user");
  const [user] = await db
    .select({
      id: users.id,
      username: profiles.username,
      fullName: users.fullName,
      email: users.email,
      phoneNumber: profiles.phoneNumber,
      role: userRoles.role,
      emailConfirmedAt: users.emailConfirmedAt,
      suspendedAt: users.suspendedAt,
      reputationScore: profiles.reputationScore,
      totalTrades: profiles.totalTrades,
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.id, userId));
  if (!user) throw new AppError("NOT_FOUND", NO_SUCH.user);

  const mine = or(eq(orders.creatorId, userId), eq(orders.merchantId, userId));
  const [balances, [open], recent, reason, proposal] = await Promise.all([
    getWallet({ db, userId }),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from orders where is_active and (creator_id = ${userId} or merchant_id = ${userId})`),
    db.select().from(orders).where(mine).orderBy(desc(orders.createdAt), desc(orders.id)).limit(RECENT_ORDERS),
    user.suspendedAt ? suspensionReason(db, userId) : Promise.resolve(null),
    adminProposal(db, userId),
  ]);
  return {
    user: {
      id: user.id,
      username: user.username,
      full_name: user.fullName,
      email: user.email,
      phone_number: user.phoneNumber,
      role: user.role,
      suspended: user.suspendedAt !== null,
      suspended_at: user.suspendedAt?.toISOString() ?? null,
      suspension_reason: reason,
      admin_proposal: proposal,
      email_confirmed: user.emailConfirmedAt !== null,
      reputation_score: user.reputationScore,
      total_trades: user.totalTrades,
      created_at: user.createdAt.toISOString(),
    },
    balances: balances.map((b) => ({ coin: b.coin, available: b.available, in_escrow: b.in_escrow, withdrawing: b.withdrawing })),
    open_orders: Number(open?.n ?? 0),
    recent_orders: recent.map((o) => ({
      id: o.id,
      coin: o.coin,
      side: o.side,
      status: o.status,
      relation: o.creatorId === userId ? ("creator" as const) : ("merchant" as const),
      coin_amount: o.coinAmount,
      naira_amount: o.nairaAmount,
      created_at: o.createdAt.toISOString(),
    })),
  };
}

/** The reason of the latest suspension, kept in its audit row. */
async function suspensionReason(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ reason: sql<string | null>`${auditLog.data}->>'reason'` })
    .from(auditLog)
    .where(and(eq(auditLog.action, "user.suspended"), eq(auditLog.targetType, "user"), eq(auditLog.targetId, userId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return row?.reason ?? null;
}

/** The admin role waiting for a second admin's approval on this account, if one is. */
async function adminProposal(db: Db, userId: string): Promise<AdminUserDetail["user"]["admin_proposal"]> {
  const [row] = await db
    .select({ by: adminProposals.proposedBy, username: profiles.username, createdAt: adminProposals.createdAt })
    .from(adminProposals)
    .innerJoin(profiles, eq(profiles.id, adminProposals.proposedBy))
    .where(eq(adminProposals.userId, userId));
  return row ? { proposed_by_id: row.by, proposed_by: row.username, created_at: row.createdAt.toISOString() } : null;
}
