import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { profiles, users } from "../db/schema.js";
import { usernameMatches } from "./account-conflicts.js";

/** The spec's live sign-up checks (§5): usernames compare without letter case. */
export async function isUsernameAvailable(db: Db, username: string): Promise<boolean> {
  const rows = await db.select({ id: profiles.id }).from(profiles).where(usernameMatches(username)).limit(1);
  return rows.length === 0;
}

export async function isPhoneAvailable(db: Db, phoneNumber: string): Promise<boolean> {
  const rows = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.phoneNumber, phoneNumber)).limit(1);
  return rows.length === 0;
}

/** The spec's check_email_exists. */
export async function emailExists(db: Db, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return rows.length > 0;
}
