import { eq, sql } from "drizzle-orm";
import { ADMIN_TEXTS, fillTemplate, NO_SUCH, type Role } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { adminProposals, profiles } from "../db/schema.js";
import { transact } from "../db/transact.js";
import { AppError } from "../http/errors.js";
import { recordAudit } from "../audit/record-audit.js";
import { notify } from "../notifications/notify.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";
import { requireUuid } from "../wallet/ids.js";
import { lockAdmins } from "./admin-guards.js";

/** The admin who proposed an account as an admin, if they still are one: a lapsed proposal counts for nothing. */
export async function standingProposer(tx: Tx, userId: string, activeAdmins: string[]): Promise<string | null> {
  const [proposal] = await tx.select({ by: adminProposals.proposedBy }).from(adminProposals).where(eq(adminProposals.userId, userId)).for("update");
  return proposal && activeAdmins.includes(proposal.by) ? proposal.by : null;
}

/**
 * The first admin to choose Admin for an account proposes it (the role stays as it was); the
 * other active admins are told. Proposing twice is refused; a proposal whose admin has since
 * lost the role is replaced. `standing` is the account's `standingProposer`, read under its lock.
 */
export async function proposeAdmin(
  tx: Tx,
  options: { adminId: string; userId: string; from: Role; activeAdmins: string[]; standing: string | null },
): Promise<void> {
  const { adminId, userId, from, activeAdmins, standing } = options;
  if (standing === adminId) throw new AppError("CONFLICT", ADMIN_TEXTS.adminProposedAlready);
  await tx
    .insert(adminProposals)
    .values({ userId, proposedBy: adminId })
    .onConflictDoUpdate({ target: adminProposals.userId, set: { proposedBy: adminId, createdAt: sql`now()` } });
  await recordAudit(tx, { actorId: adminId, action: "user.admin_proposed", targetType: "user", targetId: userId, data: { user_id: userId, from } });
  const names = await tx
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(sql`${profiles.id} in (${adminId}::uuid, ${userId}::uuid)`);
  const nameOf = (id: string) => names.find((n) => n.id === id)?.username ?? "";
  const message = fillTemplate(ADMIN_TEXTS.adminProposal, { proposer: nameOf(adminId), username: nameOf(userId) });
  await notify(
    tx,
    activeAdmins.filter((id) => id !== adminId).map((id) => ({ userId: id, type: "admin_feedback", title: ADMIN_TEXTS.adminProposalTitle, message })),
  );
  await adminQueueChanged(tx, "admin_proposals");
}

/** Any active admin withdraws a waiting proposal (its proposer changing their mind, or another admin declining it). */
export async function withdrawAdminProposal(options: { db: Db; adminId: string; userId: string }): Promise<{ withdrawn: true }> {
  const { db, adminId, userId } = options;
  requireUuid(userId, "user");
  return transact(db, async (tx) => {
    await lockAdmins(tx, adminId);
    const [user] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
    if (!user) throw new AppError("NOT_FOUND", NO_SUCH.user);
    const [gone] = await tx.delete(adminProposals).where(eq(adminProposals.userId, userId)).returning({ by: adminProposals.proposedBy });
    if (!gone) throw new AppError("CONFLICT", ADMIN_TEXTS.noAdminProposal);
    await recordAudit(tx, {
      actorId: adminId,
      action: "user.admin_proposal_withdrawn",
      targetType: "user",
      targetId: userId,
      data: { user_id: userId, proposed_by: gone.by },
    });
    await adminQueueChanged(tx, "admin_proposals");
    return { withdrawn: true as const };
  });
}
