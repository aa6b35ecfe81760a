import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { emailSchema, fullNameSchema, placeholderUsername, type Language } from "@p2p/shared";
import type { Db, Tx } from "../../db/client.js";
import { sessions, users } from "../../db/schema.js";
import { uniqueViolation } from "../../db/unique-violation.js";
import { AppError } from "../../http/errors.js";
import { insertAccount } from "../create-account.js";
import { AUTH_MESSAGES } from "@p2p/shared";
import { transact } from "../../db/transact.js";

export type GoogleIdentity = { sub: string; email?: string; emailVerified: boolean; name?: string };

const ATTEMPTS = 3;

/**
 * The account for a Google identity: the one holding its subject; else the one with its verified
 * email, which gets linked; else a new one with a placeholder username ('user_' + 8 characters of
 * the id), no phone, a confirmed email and the `language` the sign-in came in, to be completed at
 * /complete-profile.
 * A lost race (two callbacks, or a placeholder that collides) is retried.
 */
export async function findOrCreateGoogleUser(db: Db, identity: GoogleIdentity, language: Language): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transact(db, (tx) => resolve(tx, identity, language));
    } catch (err) {
      if (attempt >= ATTEMPTS || uniqueViolation(err) === null) throw err;
    }
  }
}

async function resolve(tx: Tx, identity: GoogleIdentity, language: Language): Promise<string> {
  const [bySub] = await tx.select({ id: users.id, suspendedAt: users.suspendedAt }).from(users).where(eq(users.googleSub, identity.sub)).limit(1);
  if (bySub) return usable(bySub);

  const email = emailSchema.safeParse(identity.email ?? "").data;
  if (!email || !identity.emailVerified) throw new AppError("FORBIDDEN", AUTH_MESSAGES.googleNoVerifiedEmail);

  const [byEmail] = await tx
    .select({ id: users.id, suspendedAt: users.suspendedAt, googleSub: users.googleSub, emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
    .for("update");
  if (byEmail) {
    usable(byEmail);
    if (byEmail.googleSub && byEmail.googleSub !== identity.sub) {
      throw new AppError("CONFLICT", AUTH_MESSAGES.googleLinkedElsewhere);
    }
    await tx
      .update(users)
      .set({
        googleSub: identity.sub,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
        // Never confirmed: whoever chose that password never proved the address, so it must not
        // keep working now that its owner has (account pre-hijacking).
        ...(byEmail.emailConfirmedAt ? {} : { passwordHash: null }),
      })
      .where(eq(users.id, byEmail.id));
    if (!byEmail.emailConfirmedAt) {
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: "google_link" })
        .where(and(eq(sessions.userId, byEmail.id), isNull(sessions.revokedAt)));
    }
    return byEmail.id;
  }

  const id = randomUUID();
  // The provider's name when it is a valid full name, else the email's local part.
  const fullName = fullNameSchema.safeParse(identity.name ?? "").data ?? email.split("@")[0]!;
  return insertAccount(tx, {
    id,
    email,
    fullName,
    passwordHash: null,
    username: placeholderUsername(id),
    phoneNumber: null,
    emailConfirmed: true,
    googleSub: identity.sub,
    language,
  });
}

function usable(user: { id: string; suspendedAt: Date | null }): string {
  if (user.suspendedAt) throw new AppError("ACCOUNT_SUSPENDED", AUTH_MESSAGES.accountSuspended);
  return user.id;
}
