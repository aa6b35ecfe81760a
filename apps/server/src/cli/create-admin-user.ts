import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { emailSchema, fullNameSchema, passwordSchema, phoneSchema, usernameSchema } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { auditLog, profiles, userRoles, users } from "../db/schema.js";
import { uniqueViolation } from "../db/unique-violation.js";
import { fieldOfConstraint, takenFields, type ConflictField } from "../auth/account-conflicts.js";
import { insertAccount } from "../auth/create-account.js";
import { hashPassword, isCommonPassword, PASSWORD_TOO_COMMON_MESSAGE } from "../auth/passwords.js";
import { transact } from "../db/transact.js";

export type AdminInput = { email?: string; password?: string; username?: string; phone?: string; fullName?: string };
export type AdminResult = {
  outcome: "created" | "promoted" | "already_admin";
  userId: string;
  email: string;
  username: string;
};

/** Bad or conflicting input: the message says what to fix. */
export class AdminInputError extends Error {}

const TAKEN: Record<ConflictField, string> = {
  username: "That username is already taken.",
  phone: "That phone number is already registered.",
  email: "That email is already registered.",
};

/**
 * Makes the first (or another) admin: creates a confirmed admin account, or promotes the account
 * that already has this email. Writes an audit_log row either way; a no-op for an existing admin.
 */
export async function createAdminUser(db: Db, raw: AdminInput): Promise<AdminResult> {
  const email = check(emailSchema, raw.email, "--email");
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return promote(db, existing.id, email);

  const password = check(passwordSchema, raw.password, "--password");
  if (isCommonPassword(password)) throw new AdminInputError(`--password: ${PASSWORD_TOO_COMMON_MESSAGE}`);
  const username = check(usernameSchema, raw.username, "--username");
  const phone = check(phoneSchema, raw.phone, "--phone");
  const fullName = check(fullNameSchema, raw.fullName ?? "Administrator", "--name");
  const taken = await takenFields(db, { username, phoneNumber: phone });
  if (taken.length > 0) throw new AdminInputError(taken.map((f) => TAKEN[f]).join(" "));

  const passwordHash = await hashPassword(password);
  try {
    const userId = await transact(db, async (tx) => {
      const id = await insertAccount(tx, {
        email,
        fullName,
        passwordHash,
        username,
        phoneNumber: phone,
        role: "admin",
        emailConfirmed: true,
      });
      await audit(tx, "admin.created", id, email);
      return id;
    });
    return { outcome: "created", userId, email, username };
  } catch (err) {
    const field = fieldOfConstraint(uniqueViolation(err) ?? "");
    if (field) throw new AdminInputError(TAKEN[field]);
    throw err;
  }
}

async function promote(db: Db, userId: string, email: string): Promise<AdminResult> {
  return transact(db, async (tx) => {
    const [row] = await tx
      .select({ role: userRoles.role, username: profiles.username })
      .from(users)
      .leftJoin(userRoles, eq(userRoles.userId, users.id))
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, userId))
      .for("update", { of: users });
    const username = row?.username ?? "";
    if (row?.role === "admin") return { outcome: "already_admin" as const, userId, email, username };
    await tx
      .insert(userRoles)
      .values({ userId, role: "admin" })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role: "admin" } });
    await tx
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(eq(users.id, userId));
    await audit(tx, "admin.promoted", userId, email, row?.role ?? "user");
    return { outcome: "promoted" as const, userId, email, username };
  });
}

function audit(tx: Tx, action: string, userId: string, email: string, previousRole?: string) {
  return tx.insert(auditLog).values({
    actorId: null,
    action,
    targetType: "user",
    targetId: userId,
    data: { via: "cli", email, ...(previousRole ? { previous_role: previousRole } : {}) },
  });
}

function check<S extends z.ZodType>(schema: S, value: string | undefined, flag: string): z.output<S> {
  if (value === undefined || value === "") throw new AdminInputError(`${flag} is required.`);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AdminInputError(`${flag}: ${parsed.error.issues[0]?.message ?? "invalid value"}`);
  return parsed.data;
}
