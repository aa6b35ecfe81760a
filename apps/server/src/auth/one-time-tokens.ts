import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { authTokens } from "../db/schema.js";
import { hashToken, randomToken } from "./tokens.js";

export type TokenPurpose = "confirm_email" | "reset_password" | "sign_in";

export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  confirm_email: 24 * 60 * 60,
  reset_password: 60 * 60,
  sign_in: 15 * 60,
};

/** At most this many mailed tokens of one purpose per account per hour, so nobody can mail-bomb an address. */
export const MAX_MAILED_TOKENS_PER_HOUR = 5;

/** A new one-time token for the user; only its hash is stored. Returns the token to mail. */
export async function issueOneTimeToken(tx: Db | Tx, userId: string, purpose: TokenPurpose): Promise<string> {
  const token = randomToken();
  await tx.insert(authTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS[purpose] * 1000),
  });
  return token;
}

/**
 * Marks the token used if it is live, compare-and-set, so two clicks cannot both use it.
 * Returns the user it belongs to, or null for an unknown, used or expired token.
 */
export async function consumeOneTimeToken(tx: Db | Tx, token: string, purpose: TokenPurpose): Promise<string | null> {
  const [row] = await tx
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}

/** Whether the user may be mailed another token of this purpose now. */
export async function underMailCap(tx: Db | Tx, userId: string, purpose: TokenPurpose): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), gt(authTokens.createdAt, sql`now() - interval '1 hour'`)));
  return (row?.n ?? 0) < MAX_MAILED_TOKENS_PER_HOUR;
}
