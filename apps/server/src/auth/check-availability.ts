import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { profiles, users } from "../db/schema.js";
import { usernameMatches } from "./account-conflicts.js";
import { normalizePhone } from "./phone-number.js";

/** The spec's live sign-up checks (§5): usernames compare without letter case. */
export async function isUsernameAvailable(db: Db, username: string): Promise<boolean> {
  const rows = await db.select({ id: profiles.id }).from(profiles).where(usernameMatches(username)).limit(1);
  return rows.length === 0;
}

/**
 * Compared in E.164, as numbers are stored: "08030000004" is taken when "+2348030000004" is. A
 * number the asking person holds themselves (`viewerId`) is available to them.
 */
export async function isPhoneAvailable(db: Db, typed: string, viewerId?: string): Promise<boolean> {
  const holder = eq(profiles.phoneNumber, normalizePhone(typed));
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(viewerId ? and(holder, ne(profiles.id, viewerId)) : holder)
    .limit(1);
  return rows.length === 0;
}

/** The spec's check_email_exists. */
export async function emailExists(db: Db, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return rows.length > 0;
}
