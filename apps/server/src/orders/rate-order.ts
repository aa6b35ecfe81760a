import { eq, sql } from "drizzle-orm";
import { ORDER_TEXTS, REALTIME_EVENTS, ratingConflictMessage, userTopic } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { orderRatings, profiles } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { isUniqueViolation, transact } from "../db/transact.js";
import { findOrder, orderNotFound } from "./load-order.js";
import { isParticipant, type Caller } from "./order-actors.js";
import { appendEvent } from "../realtime/append-event.js";

/**
 * A party rates the other 1 to 5 stars, once per completed order. The ratee's profile row is
 * locked first, so the average written next counts every rating committed before it. The ratee
 * hears of it (`rating.received` on their topic: their Reputation Score).
 */
export async function rateOrder(options: {
  db: Db | Tx;
  caller: Caller;
  orderId: string;
  stars: number;
}): Promise<{ stars: number; reputation_score: string }> {
  const { db, caller, orderId, stars } = options;
  const order = await findOrder(db, orderId);
  if (!order || (caller.role !== "admin" && !isParticipant(order, caller.id))) {
    throw orderNotFound();
  }
  const rateeId = order.buyerId === caller.id ? order.sellerId : order.sellerId === caller.id ? order.buyerId : null;
  if (!rateeId) throw new AppError("FORBIDDEN", ORDER_TEXTS.onlyPartiesRate);
  if (order.status !== "completed") {
    throw new AppError("ORDER_CONFLICT", ratingConflictMessage(order.status));
  }

  try {
    return await transact(db, async (tx) => {
      await tx.execute(sql`select 1 from profiles where id = ${rateeId} for update`);
      await tx.insert(orderRatings).values({ orderId, raterId: caller.id, rateeId, stars });
      const [profile] = await tx
        .update(profiles)
        .set({
          reputationScore: sql`(select round(avg(stars)::numeric, 2) from order_ratings where ratee_id = ${rateeId})`,
        })
        .where(eq(profiles.id, rateeId))
        .returning({ score: profiles.reputationScore });
      const reputationScore = profile?.score ?? "0.00";
      await appendEvent(tx, userTopic(rateeId), REALTIME_EVENTS.ratingReceived, { order_id: orderId, stars, reputation_score: reputationScore });
      return { stars, reputation_score: reputationScore };
    });
  } catch (err) {
    if (isUniqueViolation(err, "order_ratings_once_key")) {
      throw new AppError("ALREADY_RATED", ORDER_TEXTS.alreadyRated);
    }
    throw err;
  }
}
