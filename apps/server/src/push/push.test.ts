import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { jobs, pushDevices } from "../db/schema.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { call, createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { getJson, post, postJson, rowCount, tradeTo, merchantWithOffer } from "../../test/trading-fixtures.js";
import { startFakeFcm, type FakeFcm } from "../../test/fakes/fake-fcm.js";
import { PUSH_SEND_JOB } from "./send-job.js";
import { MAX_DEVICES_PER_USER } from "./register-push-device.js";

let fcm: FakeFcm;
let server: TestServer;
let admin: TestUser;
let user: TestUser;
let merchant: TestUser;
let n = 0;
const secret = () => server.ctx.config.sessionSecret;
const deviceToken = () => `fcm-device-${++n}-${"x".repeat(40)}:APA91b${n}`;

beforeAll(async () => {
  fcm = await startFakeFcm();
  server = await startTestServer({
    FCM_PROJECT_ID: fcm.projectId,
    FCM_CLIENT_EMAIL: fcm.clientEmail,
    FCM_PRIVATE_KEY: fcm.privateKeyPem.replace(/\n/g, "\\n"), // as a one-line env value
    FCM_API_ROOT: fcm.url,
    FCM_TOKEN_URL: fcm.tokenUrl,
  });
  admin = await createSignedInUser(server.ctx.db, secret(), { role: "admin" });
});

afterAll(async () => {
  await server.stop();
  await fcm.close();
});

beforeEach(async () => {
  user = await createSignedInUser(server.ctx.db, secret());
  merchant = await merchantWithOffer(server);
});

const register = (who: TestUser | null, body: unknown) => postJson(server.url, who?.token ?? null, "/api/push/devices", body);
const unregister = (who: TestUser | null, body: unknown) =>
  fetch(`${server.url}/api/push/devices`, {
    method: "DELETE",
    headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const devicesOf = (who: TestUser) => server.ctx.db.select().from(pushDevices).where(eq(pushDevices.userId, who.id));
const deliveredTo = (token: string) => fcm.delivered.filter((m) => m.token === token);
const pushJobs = () => server.ctx.db.select().from(jobs).where(eq(jobs.kind, PUSH_SEND_JOB));
/** Time passes: every queued job waiting out its backoff becomes due now. */
const skipBackoff = () => server.ctx.db.execute(sql`update jobs set run_at = now() where done_at is null and failed_at is null`);

describe("registering devices", () => {
  it("refuses a signed-out caller", async () => {
    const before = await rowCount(server.ctx.db, "push_devices");
    expect((await register(null, { token: deviceToken(), platform: "android" })).status).toBe(401);
    expect((await unregister(null, { token: deviceToken() })).status).toBe(401);
    expect(await rowCount(server.ctx.db, "push_devices")).toBe(before);
  });

  it("refuses bad input with a 400 and writes nothing", async () => {
    const before = await rowCount(server.ctx.db, "push_devices");
    for (const body of [
      {},
      { token: deviceToken() },
      { token: deviceToken(), platform: "windows" },
      { token: "short", platform: "android" },
      { token: "has spaces and <html> in it, which no FCM token has", platform: "ios" },
      { token: deviceToken(), platform: "android", user_id: merchant.id },
    ]) {
      const res = await register(user, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
    }
    expect((await unregister(user, {})).status).toBe(400);
    expect(await rowCount(server.ctx.db, "push_devices")).toBe(before);
  });

  it("saves the device once, refreshing it when the app starts again", async () => {
    const token = deviceToken();
    expect(await register(user, { token, platform: "android" })).toMatchObject({ status: 200, body: { registered: true } });
    const [first] = await devicesOf(user);
    await new Promise((r) => setTimeout(r, 20));
    await register(user, { token, platform: "android" });
    const rows = await devicesOf(user);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(first!.id);
    expect(rows[0]!.lastSeenAt.getTime()).toBeGreaterThan(first!.lastSeenAt.getTime());
  });

  it("moves a device to the account signed in on it, and never lets another account remove it", async () => {
    const token = deviceToken();
    await register(user, { token, platform: "ios" });
    // Another account cannot unregister it.
    expect((await unregister(merchant, { token })).status).toBe(200);
    expect(await devicesOf(user)).toHaveLength(1);
    // The merchant signs in on that phone: the device now gets the merchant's pushes only.
    await register(merchant, { token, platform: "ios" });
    expect(await devicesOf(user)).toHaveLength(0);
    expect((await devicesOf(merchant)).map((d) => d.token)).toEqual([token]);
    // Its owner signs out: gone.
    expect((await unregister(merchant, { token })).status).toBe(200);
    expect(await devicesOf(merchant)).toHaveLength(0);
  });

  it(`keeps the ${MAX_DEVICES_PER_USER} most recently seen devices of an account`, async () => {
    const tokens = Array.from({ length: MAX_DEVICES_PER_USER + 2 }, deviceToken);
    for (const token of tokens) await register(user, { token, platform: "android" });
    const kept = (await devicesOf(user)).map((d) => d.token).sort();
    expect(kept).toEqual(tokens.slice(2).sort());
  });
});

describe("push delivery", () => {
  it("sends each new notification to every device of its user through FCM, with the order's details, after the jobs run", async () => {
    const phone = deviceToken();
    const tablet = deviceToken();
    await register(user, { token: phone, platform: "android" });
    await register(user, { token: tablet, platform: "ios" });
    const started = Date.now();
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    expect(deliveredTo(phone)).toHaveLength(0); // only queued so far
    await server.ctx.jobs.runDue();
    const [notification] = (await getJson(server.url, user.token, "/api/notifications")).body.notifications;
    for (const token of [phone, tablet]) {
      expect(deliveredTo(token)).toEqual([
        {
          token,
          notification: { title: notification.title, body: `${notification.message}\nBuy 10 PI · ₦10,000.00 · ${merchant.username}` },
          data: { notification_id: notification.id, type: "order_update", order_id: orderId },
          android: { priority: "high" },
        },
      ]);
    }
    // The merchant has no device: every push job queued belongs to one of the user's two devices.
    const mineIds = new Set((await devicesOf(user)).map((d) => d.id));
    const queued = (await pushJobs()).filter((j) => j.createdAt.getTime() >= started - 1000);
    expect(queued).toHaveLength(2);
    expect(queued.every((j) => mineIds.has((j.payload as { deviceId: string }).deviceId))).toBe(true);
  });

  it("pushes in the reader's language: an Arabic user's phone gets Arabic, details too, the row keeps the English", async () => {
    expect((await call(server.url, user.token, "/api/profile/language", { method: "PUT", body: { language: "ar" } })).status).toBe(200);
    const phone = deviceToken();
    await register(user, { token: phone, platform: "android" });
    await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    await server.ctx.jobs.runDue();
    expect(deliveredTo(phone).map((m) => m.notification)).toEqual([
      { title: "تحديث الطلب", body: `تمت مطابقة طلبك مع متداول\nشراء 10 PI · ₦10,000.00 · ${merchant.username}` },
    ]);
    const [notification] = (await getJson(server.url, user.token, "/api/notifications")).body.notifications;
    expect(notification).toMatchObject({ title: "Order Update", message: "Your order has been matched with a trader" });
  });

  it("retries later with backoff while FCM fails, and the order moves on meanwhile", async () => {
    const phone = deviceToken();
    await register(user, { token: phone, platform: "android" });
    fcm.failSend(2);
    const started = Date.now();
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await getJson(server.url, user.token, `/api/orders/${orderId}`)).body.order.status).toBe("matched");

    await server.ctx.jobs.runDue(); // the first attempt fails: the job waits out its backoff
    const mine = async () => (await pushJobs()).filter((j) => j.createdAt.getTime() >= started - 1000);
    const waiting = (await mine()).filter((j) => j.doneAt === null);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.attempts).toBe(1);
    expect(waiting[0]!.lastError).toMatch(/503 UNAVAILABLE/);
    expect(waiting[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(deliveredTo(phone)).toHaveLength(0);

    // Still failing on the second try; the order goes on regardless.
    await skipBackoff();
    await server.ctx.jobs.runDue();
    expect(deliveredTo(phone)).toHaveLength(0);
    expect((await postJson(server.url, user.token, `/api/orders/${orderId}/mark-paid`)).status).toBe(200);

    await skipBackoff();
    await server.ctx.jobs.runDue();
    expect(deliveredTo(phone)).toHaveLength(1);
    const [job] = (await mine()).filter((j) => j.doneAt !== null && j.attempts === 3);
    expect(job).toBeDefined();
    expect(job!.failedAt).toBeNull();
  });

  it("deletes the token of a device FCM no longer knows, without retrying", async () => {
    const phone = deviceToken();
    const other = deviceToken();
    await register(user, { token: phone, platform: "android" });
    await register(user, { token: other, platform: "android" });
    fcm.unregister(phone);
    await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "matched" });
    await server.ctx.jobs.runDue();
    expect((await devicesOf(user)).map((d) => d.token)).toEqual([other]);
    expect(deliveredTo(other)).toHaveLength(1);
    expect(fcm.attempts.filter((a) => a.token === phone)).toEqual([{ status: 404, token: phone }]);
    const pending = await server.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, PUSH_SEND_JOB), sql`${jobs.doneAt} is null`));
    expect(pending).toEqual([]);
  });

  it("honours the push preference: a muted type is not pushed, other types still are", async () => {
    const phone = deviceToken();
    await register(user, { token: phone, platform: "android" });
    const res = await call(server.url, user.token, "/api/notification-preferences", {
      method: "PUT",
      body: { preferences: { order_update: { push: false } } },
    });
    expect(res.status).toBe(200);
    // The user is the buyer: order_update when accepted, order_completed when the coins are released.
    await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "completed" });
    await server.ctx.jobs.runDue();
    const types = (await getJson(server.url, user.token, "/api/notifications")).body.notifications.map((x: { type: string }) => x.type);
    expect(types).toContain("order_update"); // the row is written all the same
    expect(deliveredTo(phone).map((m) => m.data?.type)).toEqual(["order_completed"]);
  });

  it("signs its token request with the service account key and reuses the access token", async () => {
    // Every push above went through one token exchange: the fake refuses unsigned or foreign JWTs.
    expect(fcm.tokenRequests).toBe(1);
    expect(fcm.attempts.every((a) => a.status !== 401)).toBe(true);
  });
});

describe("without FCM settings", () => {
  it("accepts devices and finishes push jobs without sending anything", async () => {
    const plain = await startTestServer();
    try {
      const who = await createSignedInUser(plain.ctx.db, plain.ctx.config.sessionSecret);
      const token = deviceToken();
      expect((await post(plain.url, who.token, "/api/push/devices", { token, platform: "android" })).status).toBe(200);
      await plain.ctx.db.execute(sql`insert into notifications (user_id, title, message, type) values (${who.id}, 'Hello', 'World', 'price_update')`);
      expect(await plain.ctx.jobs.runDue()).toBeGreaterThanOrEqual(1);
      const left = await plain.ctx.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, PUSH_SEND_JOB), sql`${jobs.doneAt} is null`));
      expect(left).toEqual([]);
      expect(deliveredTo(token)).toEqual([]);
    } finally {
      await plain.stop();
    }
  });
});
