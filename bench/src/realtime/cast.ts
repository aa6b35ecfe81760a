import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { DEFAULT_ROLE, REFRESH_TOKEN_TTL_SECONDS, type Role } from "@p2p/shared";
import { loadConfig } from "../../../apps/server/src/config.js";
import type { Db } from "../../../apps/server/src/db/client.js";
import { orders, profiles, sessions, userRoles, users } from "../../../apps/server/src/db/schema.js";
import { accessTokenFor } from "../../../apps/server/src/auth/issue-session.js";
import { hashToken, randomToken } from "../../../apps/server/src/auth/tokens.js";
import { prepareTradingStore } from "../../../apps/server/src/ledger/prepare-trading-store.js";
import type { Cast, Chat } from "./config.js";

// Fixtures: users, profiles, roles and orders written with the app's schema in a few statements.

/** `firstPhone`: where this cast's phone numbers start (phone numbers are unique across casts). */
export async function insertCast(db: Db, chats: number, firstPhone = 0): Promise<Cast> {
  await prepareTradingStore(db, loadConfig({ NODE_ENV: "development" }));
  const tag = randomBytes(4).toString("hex");
  const buyers = Array.from({ length: chats }, () => randomUUID());
  const merchants = Array.from({ length: chats }, () => randomUUID());
  const orderIds = Array.from({ length: chats }, () => randomUUID());
  const CHUNK = 500;
  const everyone = [...buyers.map((id) => ({ id, role: "user" as const })), ...merchants.map((id) => ({ id, role: "merchant" as const }))];
  for (let i = 0; i < everyone.length; i += CHUNK) {
    const part = everyone.slice(i, i + CHUNK);
    await db.insert(users).values(
      part.map((u, j) => ({
        id: u.id,
        email: `bench.rt.${tag}.${i + j}@example.com`,
        fullName: `Bench Trader ${i + j}`,
        emailConfirmedAt: new Date(),
      })),
    );
    await db
      .insert(profiles)
      .values(
        part.map((u, j) => ({ id: u.id, username: `rt_${tag}_${i + j}`, phoneNumber: `+23480${String(firstPhone + i + j).padStart(8, "0")}` })),
      );
    await db.insert(userRoles).values(part.map((u) => ({ userId: u.id, role: u.role })));
  }
  for (let i = 0; i < chats; i += CHUNK) {
    await db.insert(orders).values(
      orderIds.slice(i, i + CHUNK).map((id, j) => ({
        id,
        creatorId: buyers[i + j]!,
        merchantId: merchants[i + j]!,
        buyerId: buyers[i + j]!,
        sellerId: merchants[i + j]!,
        status: "matched" as const,
        currentStep: 2,
        coin: "USDT",
        side: "buy",
        price: "1000.00",
        coinAmount: "10.00000000",
        nairaAmount: "10000.00",
        acceptedAt: new Date(),
        payBy: new Date(Date.now() + 30 * 60_000),
      })),
    );
  }
  return { buyers, merchants, orders: orderIds };
}

/** One native session per user, minted as auth/issue-session.ts does (a row, then an access token signed with the user's role). */
export async function mintSessions(db: Db, userIds: string[], secret: string): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  const CHUNK = 500;
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = await db
      .insert(sessions)
      .values(
        userIds.slice(i, i + CHUNK).map((userId) => ({
          userId,
          client: "native",
          refreshHash: hashToken(randomToken()),
          userAgent: "bench-realtime",
          expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
        })),
      )
      .returning({
        id: sessions.id,
        userId: sessions.userId,
        // Qualified: inside RETURNING, Drizzle names the inserted table's columns bare.
        role: sql<Role | null>`(select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${sessions}.${sql.identifier(sessions.userId.name)})`,
      });
    for (const r of rows) tokens.set(r.userId, accessTokenFor(r.id, r.userId, r.role ?? DEFAULT_ROLE, secret));
  }
  return tokens;
}

export function chatsOf(cast: Cast, tokens: Map<string, string>): Chat[] {
  return cast.orders.map((orderId, i) => ({
    orderId,
    buyer: { userId: cast.buyers[i]!, token: tokens.get(cast.buyers[i]!)! },
    merchant: { userId: cast.merchants[i]!, token: tokens.get(cast.merchants[i]!)! },
  }));
}
