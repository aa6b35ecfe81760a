import { randomBytes } from "node:crypto";
import type { Role } from "@p2p/shared";
import { REFRESH_TOKEN_TTL_SECONDS } from "@p2p/shared";
import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../src/db/client.js";
import { profiles, sessions, userRoles, users } from "../src/db/schema.js";
import { hashToken, randomToken } from "../src/auth/tokens.js";
import { accessTokenFor } from "../src/auth/issue-session.js";

export type TestUser = { id: string; email: string; username: string; role: Role; token: string; sessionId: string };

/**
 * A confirmed user with a live session, written straight to the store: for tests about other
 * capabilities that only need "someone signed in". `token` is a Bearer access token.
 */
export async function createSignedInUser(db: Db, secret: string, options: { role?: Role; username?: string } = {}): Promise<TestUser> {
  const suffix = randomBytes(4).toString("hex");
  const username = options.username ?? `tester_${suffix}`;
  const email = `${username}@example.test`;
  const role = options.role ?? "user";
  const [user] = await db
    .insert(users)
    .values({ email, fullName: `Test ${suffix}`, emailConfirmedAt: new Date() })
    .returning({ id: users.id });
  const id = user!.id;
  await db.insert(profiles).values({ id, username, phoneNumber: `+23480${randomDigits(8)}` });
  await db.insert(userRoles).values({ userId: id, role });
  const [session] = await db
    .insert(sessions)
    .values({
      userId: id,
      refreshHash: hashToken(randomToken()),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    })
    .returning({ id: sessions.id });
  const token = accessTokenFor(session!.id, id, role, secret);
  return { id, email, username, role, token, sessionId: session!.id };
}

/** Another live session for an existing user, as if they signed in on a second device. */
export async function signInAgain(db: Db, secret: string, user: TestUser): Promise<TestUser> {
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      refreshHash: hashToken(randomToken()),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    })
    .returning({ id: sessions.id });
  const token = accessTokenFor(session!.id, user.id, user.role, secret);
  return { ...user, token, sessionId: session!.id };
}

function randomDigits(n: number): string {
  return Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");
}

/** fetch with a Bearer token and a JSON body. */
export function call(baseUrl: string, token: string | null, path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
}

/** The user's session revoked, as signing out elsewhere does; their access token still verifies until it lapses. */
export function revokeSession(db: Db, user: TestUser) {
  return db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.id, user.sessionId));
}

/** Whether the user's session was last used within the last minute (its "last used" moved). */
export async function sessionSeenLately(db: Db, user: TestUser): Promise<boolean> {
  const [row] = await queryRows<{ recent: boolean }>(
    db,
    sql`select last_seen_at > now() - interval '1 minute' as recent from sessions where id = ${user.sessionId}`,
  );
  return row!.recent;
}
