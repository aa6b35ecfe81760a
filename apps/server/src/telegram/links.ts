import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { DEFAULT_LANGUAGE } from "@p2p/shared";
import { authTokens, telegramLinks, users } from "../db/schema.js";
import { hashToken, randomToken } from "../auth/tokens.js";
import { transact } from "../db/transact.js";

const PURPOSE = "telegram_link";
export const LINK_TOKEN_TTL_SECONDS = 15 * 60;

/** A one-time token for the `/start <token>` deep link; only its hash is stored. */
export async function issueLinkToken(db: Db, userId: string): Promise<string> {
  const token = randomToken();
  await db.insert(authTokens).values({
    userId,
    purpose: PURPOSE,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + LINK_TOKEN_TTL_SECONDS * 1000),
  });
  return token;
}

/**
 * Consumes the token (compare-and-set, so it links once) and links the chat to its user,
 * replacing any earlier chat of that user and any earlier user of that chat. The linked user's
 * language, or null for an unknown, used or expired token.
 */
export async function linkChat(db: Db, token: string, chat: { chatId: number; username: string | null }): Promise<{ language: string } | null> {
  return transact(db, async (tx) => {
    const [row] = await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(authTokens.tokenHash, hashToken(token)),
          eq(authTokens.purpose, PURPOSE),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: authTokens.userId });
    if (!row) return null;
    await tx.delete(telegramLinks).where(eq(telegramLinks.chatId, chat.chatId));
    await tx
      .insert(telegramLinks)
      .values({ userId: row.userId, chatId: chat.chatId, username: chat.username })
      .onConflictDoUpdate({
        target: telegramLinks.userId,
        set: { chatId: chat.chatId, username: chat.username, linkedAt: new Date() },
      });
    const [user] = await tx.select({ language: users.language }).from(users).where(eq(users.id, row.userId));
    return { language: user?.language ?? DEFAULT_LANGUAGE };
  });
}

/** Unlinks the chat: the unlinked user's language, or null when the chat was linked to no one. */
export async function unlinkChat(db: Db, chatId: number): Promise<{ language: string } | null> {
  const [removed] = await db.delete(telegramLinks).where(eq(telegramLinks.chatId, chatId)).returning({ userId: telegramLinks.userId });
  if (!removed) return null;
  const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, removed.userId));
  return { language: user?.language ?? DEFAULT_LANGUAGE };
}

export async function unlinkUser(db: Db, userId: string): Promise<boolean> {
  const removed = await db.delete(telegramLinks).where(eq(telegramLinks.userId, userId)).returning({ userId: telegramLinks.userId });
  return removed.length > 0;
}

export async function findLink(db: Db, userId: string) {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
  return row ?? null;
}
