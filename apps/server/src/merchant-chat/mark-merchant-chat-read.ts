import { eq, sql } from "drizzle-orm";
import { NO_SUCH, type Badges } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { merchantChatMessages, merchantChatReads } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { transact } from "../db/transact.js";
import { badgesAfterRead } from "../badges/publish-badges.js";
import type { Caller } from "../orders/order-actors.js";

/** A merchant or admin has read the group chat up to a message: the mark only moves forward; answers (and publishes) the fresh badges. */
export async function markMerchantChatRead(options: { db: Db; caller: Caller; upToId: string }): Promise<Badges> {
  const { db, caller } = options;
  return transact(db, async (tx) => {
    const [message] = await tx
      .select({ seq: merchantChatMessages.seq })
      .from(merchantChatMessages)
      .where(eq(merchantChatMessages.id, options.upToId));
    if (!message) throw new AppError("VALIDATION_FAILED", "up_to_id: no such message.", { up_to_id: NO_SUCH.message });
    const moved = await tx
      .insert(merchantChatReads)
      .values({ userId: caller.id, lastReadSeq: message.seq })
      .onConflictDoUpdate({
        target: merchantChatReads.userId,
        set: { lastReadSeq: message.seq, readAt: sql`now()` },
        setWhere: sql`${merchantChatReads.lastReadSeq} < ${message.seq}`,
      })
      .returning({ userId: merchantChatReads.userId });
    return badgesAfterRead(tx, caller, moved.length > 0);
  });
}
