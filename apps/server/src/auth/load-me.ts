import { eq } from "drizzle-orm";
import { DEFAULT_ROLE, needsProfileCompletion, referralCodeFor, type Me, type Role } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { profiles, userRoles, users } from "../db/schema.js";

/** The signed-in person as the app sees them (shared meSchema), or null when the account is gone. */
export async function loadMe(db: Db, userId: string): Promise<Me | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      createdAt: users.createdAt,
      username: profiles.username,
      phoneNumber: profiles.phoneNumber,
      reputationScore: profiles.reputationScore,
      totalTrades: profiles.totalTrades,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    username: row.username,
    phone_number: row.phoneNumber,
    role: await roleOf(db, userId),
    reputation_score: row.reputationScore,
    total_trades: row.totalTrades,
    referral_code: referralCodeFor(row.id),
    needs_profile: needsProfileCompletion({ id: row.id, username: row.username, phone_number: row.phoneNumber }),
    language: row.language,
    created_at: row.createdAt.toISOString(),
  };
}

/** The role from user_roles; absent or failing lookups fall back to user (spec §6, §8). */
export async function roleOf(db: Db, userId: string): Promise<Role> {
  try {
    const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).limit(1);
    return row?.role ?? DEFAULT_ROLE;
  } catch {
    return DEFAULT_ROLE;
  }
}
