import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { SECURITY_MESSAGES } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { sessions } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { securityChangeMail } from "../mail/security-mails.js";
import { confirmIdentity } from "./confirm-password.js";
import { queueOwnerMail } from "./owner-mail.js";
import { transact } from "../db/transact.js";

/**
 * Signs out one of the caller's sessions; another user's session id (or an ended one) is 404.
 * Another device needs the password (or a sign-in within the last 5 minutes), as signing out all
 * of them does, so a stolen session cannot sign the owner's devices out one by one; the owner is
 * mailed. The caller's own session ends as a sign-out does: no proof, no mail.
 */
export async function revokeSession(
  db: Db,
  caller: { id: string; sessionId: string },
  sessionId: string,
  password: string | undefined,
  ip: string | undefined,
): Promise<void> {
  const own = sessionId === caller.sessionId;
  if (!own) await confirmIdentity(db, caller, password, ip);
  await transact(db, async (tx) => {
    const [ended] = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: "signed_out_remotely" })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, caller.id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (!ended) throw new AppError("NOT_FOUND", SECURITY_MESSAGES.sessionNotFound);
    if (!own) await queueOwnerMail(tx, caller.id, (to) => securityChangeMail(to, "device_signed_out"));
  });
}

/**
 * Signs out every session of the caller but this one; answers how many ended. Needs the password
 * (or a sign-in within the last 5 minutes), so a stolen session cannot shut the owner out; the
 * owner is mailed.
 */
export async function revokeOtherSessions(
  db: Db,
  caller: { id: string; sessionId: string },
  password: string | undefined,
  ip: string | undefined,
): Promise<number> {
  await confirmIdentity(db, caller, password, ip);
  return transact(db, async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: "signed_out_remotely" })
      .where(and(eq(sessions.userId, caller.id), ne(sessions.id, caller.sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await queueOwnerMail(tx, caller.id, (to) => securityChangeMail(to, "other_devices_signed_out"));
    return ended.length;
  });
}
