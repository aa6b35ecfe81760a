import { ADMIN_TEXTS, NO_SUCH } from "@p2p/shared";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { users } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { transact } from "../db/transact.js";
import { recordAdminAction } from "../audit/record-audit.js";
import { requireUuid } from "../wallet/ids.js";
import { lockAdmins } from "./admin-guards.js";

/** An admin lifts a suspension: the account may sign in again (its old sessions stay ended). */
export async function restoreUser(options: { db: Db; adminId: string; userId: string }): Promise<void> {
  const { db, adminId, userId } = options;
  requireUuid(userId, "user");
  await transact(db, async (tx) => {
    await lockAdmins(tx, adminId);
    const [row] = await tx
      .update(users)
      .set({ suspendedAt: null })
      .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)))
      .returning({ id: users.id });
    if (!row) {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
      throw exists ? new AppError("CONFLICT", ADMIN_TEXTS.notSuspended) : new AppError("NOT_FOUND", NO_SUCH.user);
    }
    await recordAdminAction(tx, {
      actorId: adminId,
      action: "user.restored",
      targetType: "user",
      targetId: userId,
      notify: { userId, type: "admin_feedback", title: ADMIN_TEXTS.restoredTitle, message: ADMIN_TEXTS.restored },
    });
  });
}
