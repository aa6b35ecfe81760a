import { ADMIN_TEXTS } from "@p2p/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { userRoles, users } from "../db/schema.js";
import { AppError } from "../http/errors.js";

/**
 * The first step of an admin's action on an account: the admins' rows are locked, so two admins
 * demoting or suspending each other at once are serialised, and the actor must still be an active
 * admin once the lock is held (the other may have just demoted them). Returns the active admins.
 */
export async function lockAdmins(tx: Tx, actorId: string): Promise<string[]> {
  await tx.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin")).orderBy(userRoles.userId).for("update");
  const active = await tx
    .select({ id: userRoles.userId })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, "admin"), isNull(users.suspendedAt)));
  const ids = active.map((a) => a.id);
  if (!ids.includes(actorId)) throw new AppError("FORBIDDEN", ADMIN_TEXTS.noAccess);
  return ids;
}

/** Refuses to leave the platform without an active admin. */
export function keepAnotherAdmin(activeAdmins: string[], targetId: string, message: string): void {
  if (!activeAdmins.some((id) => id !== targetId)) throw new AppError("CONFLICT", message);
}
