import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, revokeSession, sessionSeenLately, signInAgain, type TestUser } from "../../test/fixtures.js";
import { getJson, postJson, putOffer, rowCount, tradeTo, merchantWithOffer } from "../../test/trading-fixtures.js";
import { sessions, userRoles, users } from "../db/schema.js";

/*
 * A person's move is taken on their token's word, its session checked by the move's own statement
 * (auth/session-proof.ts). The attacks: a token whose session was revoked, whose account was
 * suspended, or whose role has changed since it was signed. Each must change nothing, learn
 * nothing and store nothing, exactly as when the session was read first.
 */

let server: TestServer;
let admin: TestUser;
let merchant: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
  merchant = await merchantWithOffer(server);
});
afterAll(() => server.stop());

const newUser = () => createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
const statusOf = async (id: string) => (await getJson(server.url, admin.token, `/api/orders/${id}`)).body.order.status as string;
/** What a move leaves behind besides the order row: chat notices, notifications, audit rows, realtime events, stored answers. */
const traces = async () =>
  Promise.all(["chat_messages", "notifications", "audit_log", "events", "idempotency_keys"].map((table) => rowCount(server.ctx.db, table)));
const seenLongAgo = (who: TestUser) =>
  server.ctx.db
    .update(sessions)
    .set({ lastSeenAt: sql`now() - interval '1 hour'` })
    .where(eq(sessions.id, who.sessionId));
/** A buy order against the merchant's offer, as the trader sends it. */
const anOrder = () => ({ merchant_id: merchant.id, coin: "PI", side: "buy", naira_amount: "10000" });

describe("a move taken on its token's word", () => {
  it("runs once when it succeeds: one order placed, one move's notices", async () => {
    const buyer = await newUser();
    const id = await tradeTo(server, { admin, user: buyer, merchant }, { side: "buy", status: "matched" });
    const orders = await rowCount(server.ctx.db, "orders");
    const placed = await postJson(server.url, buyer.token, "/api/orders", anOrder());
    expect(placed.status).toBe(201);
    expect(await rowCount(server.ctx.db, "orders")).toBe(orders + 1);

    const [chat, notifications] = await traces();
    expect((await postJson(server.url, buyer.token, `/api/orders/${id}/mark-paid`)).status).toBe(200);
    const [chatAfter, notificationsAfter] = await traces();
    expect([chatAfter! - chat!, notificationsAfter! - notifications!]).toEqual([1, 1]);
  });

  it("is refused to a revoked session as signed out: the order does not move, nothing is written, nothing is stored under its key", async () => {
    const buyer = await newUser();
    const id = await tradeTo(server, { admin, user: buyer, merchant }, { side: "buy", status: "matched" });
    await revokeSession(server.ctx.db, buyer);
    const before = await traces();

    const stolen = await postJson(server.url, buyer.token, `/api/orders/${id}/mark-paid`, {}, { "Idempotency-Key": "paid-once" });
    expect(stolen.status).toBe(401);
    expect(stolen.body.order).toBeUndefined();
    expect(await statusOf(id)).toBe("matched");
    expect(await traces()).toEqual(before);

    // The owner, signed in again, sends the same key: it runs, no refusal was kept for it.
    const owner = await signInAgain(server.ctx.db, server.ctx.config.sessionSecret, buyer);
    const paid = await postJson(server.url, owner.token, `/api/orders/${id}/mark-paid`, {}, { "Idempotency-Key": "paid-once" });
    expect(paid.status).toBe(200);
    expect(paid.headers.get("idempotent-replayed")).toBeNull();
    expect(await statusOf(id)).toBe("in_progress");
  });

  it("is refused to a session past its end, while its access token has not lapsed yet", async () => {
    const buyer = await newUser();
    const id = await tradeTo(server, { admin, user: buyer, merchant }, { side: "buy", status: "matched" });
    await server.ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, buyer.sessionId));
    const before = await traces();

    const res = await postJson(server.url, buyer.token, `/api/orders/${id}/cancel`, { reason: "Changed my mind." });
    expect(res.status).toBe(401);
    expect(await statusOf(id)).toBe("matched");
    expect(await traces()).toEqual(before);
  });

  it("is refused to a suspended account, whose other session is still live", async () => {
    const seller = await newUser();
    const id = await tradeTo(server, { admin, user: seller, merchant }, { side: "sell", status: "in_progress" });
    await server.ctx.db
      .update(users)
      .set({ suspendedAt: sql`now()` })
      .where(eq(users.id, seller.id));
    const before = await traces();

    const res = await postJson(server.url, seller.token, `/api/orders/${id}/confirm-payment`, {});
    expect(res.status).toBe(401);
    expect(await statusOf(id)).toBe("in_progress");
    expect(await traces()).toEqual(before);
  });

  it("is judged by the role the account has now, not the one its token was signed with", async () => {
    const buyer = await newUser();
    const demoted = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "merchant" });
    await putOffer(server.ctx.db, demoted, "PI");
    const id = await tradeTo(server, { admin, user: buyer, merchant: demoted }, { side: "buy", status: "pending" });
    await server.ctx.db.update(userRoles).set({ role: "user" }).where(eq(userRoles.userId, demoted.id));
    const before = await traces();

    const res = await postJson(server.url, demoted.token, `/api/orders/${id}/accept`);
    expect(res.status).toBe(403);
    expect(await statusOf(id)).toBe("pending");
    expect(await traces()).toEqual(before);
  });

  it("places no order for a revoked session, and none for an account made admin since its token was signed", async () => {
    const revoked = await newUser();
    await revokeSession(server.ctx.db, revoked);
    const promoted = await newUser();
    await server.ctx.db.update(userRoles).set({ role: "admin" }).where(eq(userRoles.userId, promoted.id));
    const before = [await rowCount(server.ctx.db, "orders"), ...(await traces())];

    expect((await postJson(server.url, revoked.token, "/api/orders", anOrder(), { "Idempotency-Key": "first-order" })).status).toBe(401);
    const asAdmin = await postJson(server.url, promoted.token, "/api/orders", anOrder());
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.error.code).toBe("FORBIDDEN");
    expect([await rowCount(server.ctx.db, "orders"), ...(await traces())]).toEqual(before);
  });

  it("moves the session's last use forward, as every signed-in request does", async () => {
    const buyer = await newUser();
    const id = await tradeTo(server, { admin, user: buyer, merchant }, { side: "buy", status: "matched" });
    await seenLongAgo(buyer);

    expect((await postJson(server.url, buyer.token, `/api/orders/${id}/mark-paid`)).status).toBe(200);
    expect(await sessionSeenLately(server.ctx.db, buyer)).toBe(true);

    await seenLongAgo(buyer);
    const placed = await postJson(server.url, buyer.token, "/api/orders", anOrder());
    expect(placed.status).toBe(201);
    expect(await sessionSeenLately(server.ctx.db, buyer)).toBe(true);
  });
});
