import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { referralCodeFor, type ProfileResponse, AUTH_MESSAGES } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { orderRatings, profiles, referrals, users } from "../db/schema.js";
import { loadMe } from "../auth/load-me.js";
import { AppError } from "../http/errors.js";
import { completionRecords } from "../orders/completion-records.js";

/** How many referred users and ratings the page lists, newest first. */
const LIST_LIMIT = 100;

/**
 * The signed-in person's profile page: who they are, their trading record (completion rate over
 * the finished orders they took part in, counting only the cancels they were answerable for), their
 * referral code and link, the users who joined with it, and the ratings they received.
 */
export async function getProfile(db: Db, publicUrl: string, userId: string): Promise<ProfileResponse> {
  const me = await loadMe(db, userId);
  if (!me) throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.signInRequired);

  const record = (await completionRecords(db, [userId])).get(userId)!;

  const referred = await db
    .select({ username: profiles.username, joinedAt: users.createdAt })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .innerJoin(profiles, eq(profiles.id, referrals.referredId))
    .where(eq(referrals.referrerId, userId))
    .orderBy(desc(users.createdAt))
    .limit(LIST_LIMIT);

  const rater = alias(profiles, "rater");
  const ratings = await db
    .select({ id: orderRatings.id, stars: orderRatings.stars, from: rater.username, createdAt: orderRatings.createdAt })
    .from(orderRatings)
    .innerJoin(rater, eq(rater.id, orderRatings.raterId))
    .where(eq(orderRatings.rateeId, userId))
    .orderBy(desc(orderRatings.createdAt))
    .limit(LIST_LIMIT);

  const code = referralCodeFor(userId);
  return {
    username: me.username,
    full_name: me.full_name,
    email: me.email,
    phone_number: me.phone_number,
    role: me.role,
    member_since: me.created_at,
    reputation_score: me.reputation_score,
    total_trades: me.total_trades,
    completion_rate: record.rate,
    completion_orders: record.orders,
    referral_code: code,
    referral_link: `${publicUrl}/auth?ref=${code}`,
    referred_users: referred.map((r) => ({ username: r.username, joined_at: r.joinedAt.toISOString() })),
    // Ratings carry stars only: the rating form has no comment (comment stays null until it does).
    ratings: ratings.map((r) => ({
      id: r.id,
      stars: r.stars,
      comment: null,
      from_username: r.from,
      created_at: r.createdAt.toISOString(),
    })),
  };
}
