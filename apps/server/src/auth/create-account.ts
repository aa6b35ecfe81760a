import { randomUUID } from "node:crypto";
import type { Language, Role } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { profiles, userRoles, users } from "../db/schema.js";

export type NewAccount = {
  id?: string;
  email: string;
  fullName: string;
  passwordHash: string | null;
  username: string;
  phoneNumber: string | null;
  role?: Role;
  emailConfirmed: boolean;
  googleSub?: string | null;
  /** Where the person signed up from (requestLanguage); English when unknown. */
  language?: Language;
};

/**
 * Writes the user, their profile and their role: every account has all three. Runs inside the
 * caller's transaction; unique violations (email, username, phone, google sub) surface to the caller.
 */
export async function insertAccount(tx: Db | Tx, account: NewAccount): Promise<string> {
  const id = account.id ?? randomUUID();
  await tx.insert(users).values({
    id,
    email: account.email,
    fullName: account.fullName,
    passwordHash: account.passwordHash,
    emailConfirmedAt: account.emailConfirmed ? new Date() : null,
    googleSub: account.googleSub ?? null,
    language: account.language,
  });
  await tx.insert(profiles).values({ id, username: account.username, phoneNumber: account.phoneNumber });
  await tx.insert(userRoles).values({ userId: id, role: account.role ?? "user" });
  return id;
}
