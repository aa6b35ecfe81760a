import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { authTokens, users } from "../db/schema.js";
import { consumeOneTimeToken } from "./one-time-tokens.js";
import { hashToken } from "./tokens.js";
import { transact } from "../db/transact.js";

/**
 * Confirms the email the token was mailed to. True when the account is confirmed afterwards:
 * a second click on an already used link still lands on the success page.
 */
export async function confirmEmail(db: Db, token: string): Promise<boolean> {
  return transact(db, async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, "confirm_email");
    if (userId) {
      await tx
        .update(users)
        .set({ emailConfirmedAt: sql`now()` })
        .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
      return true;
    }
    const [used] = await tx
      .select({ id: users.id })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(
        and(
          eq(authTokens.tokenHash, hashToken(token)),
          eq(authTokens.purpose, "confirm_email"),
          isNotNull(authTokens.usedAt),
          isNotNull(users.emailConfirmedAt),
        ),
      )
      .limit(1);
    return Boolean(used);
  });
}
