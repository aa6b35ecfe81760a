import { ADMIN_TEXTS, NO_SUCH, ORDER_TEXTS, fillTemplate } from "@p2p/shared";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Role, SuspendUserResult } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { appeals, offers, orders, sessions, userRoles, users } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { transact } from "../db/transact.js";
import { recordAdminAction } from "../audit/record-audit.js";
import { transitionOrThrow } from "../orders/apply-transition.js";
import { sideOf, type OrderRow } from "../orders/order-actors.js";
import type { OrderWindows } from "../orders/order-windows.js";
import { requireUuid } from "../wallet/ids.js";
import { keepAnotherAdmin, lockAdmins } from "./admin-guards.js";

/**
 * An admin suspends an account, in one transaction: sign-in is refused from now on and every
 * session ends (access and refresh alike, since both check the account); a merchant's offers go
 * offline; open orders are handled through the order state machine by the system (neither party
 * acted): not yet paid → cancelled with the escrow refunded to the seller, payment marked →
 * disputed, the appeal opened by nobody, so an admin decides.
 */
export async function suspendUser(options: {
  db: Db;
  adminId: string;
  userId: string;
  reason: string;
  windows: OrderWindows;
}): Promise<SuspendUserResult> {
  const { db, adminId, userId, reason, windows } = options;
  requireUuid(userId, "user");
  if (userId === adminId) throw new AppError("FORBIDDEN", ADMIN_TEXTS.ownSuspension);
  return transact(db, async (tx) => {
    const admins = await lockAdmins(tx, adminId);
    const [target] = await tx
      .select({ role: userRoles.role, suspendedAt: users.suspendedAt })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(eq(users.id, userId))
      .for("update", { of: users });
    if (!target) throw new AppError("NOT_FOUND", NO_SUCH.user);
    if (target.suspendedAt) throw new AppError("CONFLICT", ADMIN_TEXTS.alreadySuspended);
    if (target.role === "admin") keepAnotherAdmin(admins, userId, ADMIN_TEXTS.lastAdminSuspended);

    await tx
      .update(users)
      .set({ suspendedAt: sql`now()` })
      .where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: "suspended" })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    const offline = await tx
      .update(offers)
      .set({ online: false, updatedAt: sql`now()` })
      .where(and(eq(offers.merchantId, userId), eq(offers.online, true)))
      .returning({ id: offers.id });
    const handled = await settleOpenOrders(tx, { id: userId, role: target.role }, windows);

    const result = { orders_cancelled: handled.cancelled, orders_disputed: handled.disputed, offers_taken_offline: offline.length };
    await recordAdminAction(tx, {
      actorId: adminId,
      action: "user.suspended",
      targetType: "user",
      targetId: userId,
      data: { reason, ...result },
      notify: { userId, type: "admin_feedback", title: ADMIN_TEXTS.suspendedTitle, message: fillTemplate(ADMIN_TEXTS.suspended, { reason }) },
    });
    return result;
  });
}

type Handled = { cancelled: number; disputed: number };

async function settleOpenOrders(tx: Tx, user: { id: string; role: Role }, windows: OrderWindows): Promise<Handled> {
  const handled: Handled = { cancelled: 0, disputed: 0 };
  const open = await tx
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.status, ["pending", "matched", "in_progress"]),
        or(eq(orders.creatorId, user.id), eq(orders.merchantId, user.id), eq(orders.buyerId, user.id), eq(orders.sellerId, user.id)),
      ),
    )
    .orderBy(orders.id);
  for (const order of open) {
    const outcome = await settleOrder(tx, order, user, windows);
    if (outcome) handled[outcome]++;
  }
  return handled;
}

/**
 * One open order of the suspended account, by the order's own use cases. The other party may move
 * it at the same moment: a conflict means it moved on, so the order is read again and the new
 * status handled (at most a few times; a finished or disputed order needs nothing).
 */
async function settleOrder(tx: Tx, first: OrderRow, user: { id: string; role: Role }, windows: OrderWindows): Promise<keyof Handled | null> {
  let order: OrderRow | undefined = first;
  for (let attempt = 0; order && attempt < 3; attempt++) {
    try {
      return await step(tx, order, user, windows);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== "ORDER_CONFLICT") throw err;
      [order] = await tx.select().from(orders).where(eq(orders.id, order.id));
    }
  }
  return null;
}

async function step(tx: Tx, order: OrderRow, user: { id: string; role: Role }, windows: OrderWindows): Promise<keyof Handled | null> {
  switch (order.status) {
    case "pending":
    case "matched": {
      // Not yet paid: the system cancels it (neither party did, so both are told), the escrow back to the seller.
      const side = sideOf(order, user.id);
      const reason = fillTemplate(ORDER_TEXTS.partySuspendedBeforePaymentReason, {
        role: side === "buy" ? "buyer" : side === "sell" ? "seller" : "trader",
      });
      await transitionOrThrow(tx, {
        orderId: order.id,
        action: "cancel",
        actor: { kind: "system" },
        // The chat says who: an admin's suspension, not either party.
        actorRole: "admin",
        windows,
        reason,
        set: { close_reason: { value: `cancelled: ${reason}` } },
      });
      return "cancelled";
    }
    case "in_progress": {
      // Payment marked: the naira may have moved, so an admin decides. The system opens the
      // appeal (no appellant: neither party can withdraw it), as the confirmation timer does.
      const side = order.buyerId === user.id ? "buyer" : "seller";
      const reason = fillTemplate(ORDER_TEXTS.partySuspendedReason, { role: side });
      await transitionOrThrow(tx, {
        orderId: order.id,
        action: "open_appeal",
        actor: { kind: "system" },
        actorRole: "admin",
        windows,
        reason,
        set: { appellant_id: { value: null } },
      });
      await tx.insert(appeals).values({ orderId: order.id, openedBy: null, reason });
      return "disputed";
    }
    default:
      return null;
  }
}
