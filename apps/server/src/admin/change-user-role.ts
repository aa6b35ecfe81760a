import { and, eq, sql } from "drizzle-orm";
import { ROLE_LABELS, type Role, ADMIN_TEXTS, NO_SUCH, fillTemplate, type ChangeUserRoleResult } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { adminProposals, offers, userRoles } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { transact } from "../db/transact.js";
import { recordAdminAction } from "../audit/record-audit.js";
import { requireUuid } from "../wallet/ids.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";
import { keepAnotherAdmin, lockAdmins } from "./admin-guards.js";
import { proposeAdmin, standingProposer } from "./admin-proposals.js";

/**
 * An admin sets an account's role. An admin cannot change their own role, nor demote the last
 * active admin. Admin takes two admins (four eyes on who may approve the platform's money): the
 * first one's choice is a proposal, a different admin's choice approves it; any other role
 * chosen meanwhile drops the proposal. A merchant who is no longer one has their offers taken
 * offline.
 */
export async function changeUserRole(options: { db: Db; adminId: string; userId: string; role: Role }): Promise<ChangeUserRoleResult> {
  const { db, adminId, userId, role } = options;
  requireUuid(userId, "user");
  if (userId === adminId) throw new AppError("FORBIDDEN", ADMIN_TEXTS.ownRole);
  return transact(db, async (tx) => {
    const admins = await lockAdmins(tx, adminId);
    const [current] = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).for("update");
    if (!current) throw new AppError("NOT_FOUND", NO_SUCH.user);
    if (current.role === role) throw new AppError("CONFLICT", ALREADY_IN_ROLE[role]);
    if (current.role === "admin") keepAnotherAdmin(admins, userId, ADMIN_TEXTS.lastAdminDemoted);
    const proposer = await standingProposer(tx, userId, admins);
    if (role === "admin" && (proposer === null || proposer === adminId)) {
      await proposeAdmin(tx, { adminId, userId, from: current.role, activeAdmins: admins, standing: proposer });
      return { role: current.role, admin_pending: true };
    }
    const dropped = await tx.delete(adminProposals).where(eq(adminProposals.userId, userId)).returning({ by: adminProposals.proposedBy });

    await tx.update(userRoles).set({ role }).where(eq(userRoles.userId, userId));
    const offline =
      current.role === "merchant"
        ? await tx
            .update(offers)
            .set({ online: false, updatedAt: sql`now()` })
            .where(and(eq(offers.merchantId, userId), eq(offers.online, true)))
            .returning({ id: offers.id })
        : [];
    await recordAdminAction(tx, {
      actorId: adminId,
      action: "user.role_changed",
      targetType: "user",
      targetId: userId,
      data: {
        from: current.role,
        to: role,
        ...(role === "admin" ? { proposed_by: proposer } : dropped.length ? { admin_proposal_dropped: true } : {}),
        ...(offline.length ? { offers_taken_offline: offline.length } : {}),
      },
      notify: {
        userId,
        type: "admin_feedback",
        title: ADMIN_TEXTS.roleChangedTitle,
        message: fillTemplate(ADMIN_TEXTS.roleChanged, { from: ROLE_LABELS[current.role], to: ROLE_LABELS[role] }),
      },
    });
    if (dropped.length) await adminQueueChanged(tx, "admin_proposals");
    return { role, admin_pending: false };
  });
}

const ALREADY_IN_ROLE: Record<Role, string> = {
  user: ADMIN_TEXTS.alreadyUser,
  merchant: ADMIN_TEXTS.alreadyMerchant,
  admin: ADMIN_TEXTS.alreadyAdmin,
};
