import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { queryRows } from "../db/client.js";
import { retiredRefreshTokens, sessions } from "../db/schema.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { issueSession } from "./issue-session.js";
import { ENDED_SESSION_RETENTION_DAYS, purgeEndedSessions } from "./purge-ended-sessions.js";

let server: TestServer;
let user: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  user = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
});
afterAll(() => server.stop());

type Ending = { expiredDaysAgo?: number; revokedDaysAgo?: number };

/** A native session refreshed twice through the API (two retired refresh tokens), then ended as asked. */
async function sessionWithRetiredTokens(ending: Ending = {}): Promise<string> {
  const issued = await issueSession(server.ctx.db, user.id, "native", server.ctx.config.sessionSecret);
  let refreshToken = issued.refreshToken;
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${server.url}/api/auth/refresh`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    expect(res.status).toBe(200);
    refreshToken = ((await res.json()) as { refresh_token: string }).refresh_token;
  }
  await end(issued.sessionId, ending);
  return issued.sessionId;
}

async function end(id: string, { expiredDaysAgo, revokedDaysAgo }: Ending) {
  const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;
  if (expiredDaysAgo !== undefined)
    await server.ctx.db
      .update(sessions)
      .set({ expiresAt: daysAgo(expiredDaysAgo) })
      .where(eq(sessions.id, id));
  if (revokedDaysAgo !== undefined) {
    await server.ctx.db
      .update(sessions)
      .set({ revokedAt: daysAgo(revokedDaysAgo), revokedReason: "sign_out" })
      .where(eq(sessions.id, id));
  }
}

/** Which of these sessions are left, and how many retired refresh tokens each still has. */
async function leftOf(ids: Record<string, string>): Promise<Record<string, number | "deleted">> {
  const kept = await server.ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(inArray(sessions.id, Object.values(ids)));
  const tokens = await server.ctx.db
    .select({ sessionId: retiredRefreshTokens.sessionId })
    .from(retiredRefreshTokens)
    .where(inArray(retiredRefreshTokens.sessionId, Object.values(ids)));
  return Object.fromEntries(
    Object.entries(ids).map(([name, id]) => {
      const retired = tokens.filter((t) => t.sessionId === id).length;
      if (kept.some((k) => k.id === id)) return [name, retired];
      // A deleted session's retired tokens must be gone with it.
      return [name, retired === 0 ? "deleted" : retired];
    }),
  );
}

async function snapshot() {
  const rows = await server.ctx.db.select().from(sessions).orderBy(asc(sessions.id));
  const retired = await server.ctx.db.select().from(retiredRefreshTokens).orderBy(asc(retiredRefreshTokens.hash));
  return { rows, retired };
}

const OLD = ENDED_SESSION_RETENTION_DAYS + 1;
const RECENT = ENDED_SESSION_RETENTION_DAYS - 1;

describe("purging sessions that ended long ago", () => {
  it("changes nothing when no session ended longer ago than the retention", async () => {
    await sessionWithRetiredTokens();
    await sessionWithRetiredTokens({ expiredDaysAgo: RECENT });
    await sessionWithRetiredTokens({ revokedDaysAgo: RECENT });
    const before = await snapshot();
    expect(before.retired).toHaveLength(6);

    expect(await purgeEndedSessions(server.ctx.db)).toBe(0);

    expect(await snapshot()).toEqual(before);
  });

  it("deletes sessions expired or revoked longer ago than the retention with their retired refresh tokens, from the hourly job", async () => {
    const ids = {
      live: await sessionWithRetiredTokens(),
      recentlyExpired: await sessionWithRetiredTokens({ expiredDaysAgo: RECENT }),
      recentlyRevoked: await sessionWithRetiredTokens({ revokedDaysAgo: RECENT }),
      expiredLongAgo: await sessionWithRetiredTokens({ expiredDaysAgo: OLD }),
      // Its refresh token would still be valid for weeks: the revocation alone counts.
      revokedLongAgo: await sessionWithRetiredTokens({ revokedDaysAgo: OLD }),
      signedInUser: user.sessionId,
    };
    expect(await leftOf(ids)).toEqual({ live: 2, recentlyExpired: 2, recentlyRevoked: 2, expiredLongAgo: 2, revokedLongAgo: 2, signedInUser: 0 });

    await server.ctx.jobs.runDue();

    expect(await leftOf(ids)).toEqual({
      live: 2,
      recentlyExpired: 2,
      recentlyRevoked: 2,
      expiredLongAgo: "deleted",
      revokedLongAgo: "deleted",
      signedInUser: 0,
    });
    // The next run is queued about an hour ahead.
    const next = await queryRows<{ n: number }>(
      server.ctx.db,
      sql`select count(*)::int as n from jobs
          where kind = 'auth.purge_ended_sessions' and done_at is null and run_at > now() + interval '50 minutes'`,
    );
    expect(next[0]!.n).toBe(1);
  });

  it("works through more ended sessions than one batch holds, in batches", async () => {
    const old: string[] = [];
    for (let i = 0; i < 7; i++) {
      const { sessionId } = await issueSession(server.ctx.db, user.id, "web", server.ctx.config.sessionSecret);
      await end(sessionId, i % 2 === 0 ? { expiredDaysAgo: OLD + i } : { revokedDaysAgo: OLD + i });
      old.push(sessionId);
    }
    const withTokens = await sessionWithRetiredTokens({ expiredDaysAgo: OLD });
    const recent = await sessionWithRetiredTokens({ revokedDaysAgo: RECENT });

    // Each statement's count of deleted rows, seen through a wrapper of the store.
    const perStatement: number[] = [];
    const db = server.ctx.db;
    const counting = new Proxy(db, {
      get: (target, key) =>
        key === "execute"
          ? async (query: Parameters<typeof db.execute>[0]) => {
              const result = await target.execute(query);
              perStatement.push(Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n));
              return result;
            }
          : Reflect.get(target, key),
    });

    expect(await purgeEndedSessions(counting, { batchSize: 3 })).toBe(8);

    expect(perStatement).toEqual([3, 3, 2]);

    const left = await server.ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, [...old, withTokens, recent]));
    expect(left.map((r) => r.id)).toEqual([recent]);
    expect(await leftOf({ withTokens, recent })).toEqual({ withTokens: "deleted", recent: 2 });
  });
});
