import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultNotificationPreferences, notificationPreferencesResponse } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { call, createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { getJson, rowCount } from "../../test/trading-fixtures.js";

let server: TestServer;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());
beforeEach(async () => {
  user = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
  other = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
});

const PATH = "/api/notification-preferences";
const put = async (who: TestUser | null, body: unknown) => {
  const res = await call(server.url, who?.token ?? null, PATH, { method: "PUT", body });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read as untyped JSON
};

describe("notification preferences", () => {
  it("refuses a signed-out caller", async () => {
    expect((await call(server.url, null, PATH)).status).toBe(401);
    expect((await put(null, { preferences: { order_update: { telegram: false } } })).status).toBe(401);
  });

  it("starts with every channel on for every type", async () => {
    const res = await getJson(server.url, user.token, PATH);
    expect(res.status).toBe(200);
    expect(notificationPreferencesResponse.parse(res.body)).toEqual({ preferences: defaultNotificationPreferences() });
  });

  it("saves only the switches sent, answers the whole grid, and keeps them", async () => {
    const res = await put(user, { preferences: { order_update: { telegram: false, toast: false }, price_update: { push: false } } });
    expect(res.status).toBe(200);
    const expected = defaultNotificationPreferences();
    expected.order_update.telegram = false;
    expected.order_update.toast = false;
    expected.price_update.push = false;
    expect(res.body).toEqual({ preferences: expected });
    // A later change leaves the earlier ones alone, and can switch one back on.
    await put(user, { preferences: { order_update: { toast: true } } });
    expected.order_update.toast = true;
    expect((await getJson(server.url, user.token, PATH)).body).toEqual({ preferences: expected });
  });

  it("never touches another user's preferences", async () => {
    await put(user, { preferences: { new_message: { browser: false } } });
    expect((await getJson(server.url, other.token, PATH)).body).toEqual({ preferences: defaultNotificationPreferences() });
    // There is no way to name another account: an id in the body is refused.
    const res = await put(user, { user_id: other.id, preferences: { new_message: { browser: false } } });
    expect(res.status).toBe(400);
    expect((await getJson(server.url, other.token, PATH)).body.preferences.new_message.browser).toBe(true);
  });

  it("refuses bad input with a 400 and writes nothing", async () => {
    const before = await rowCount(server.ctx.db, "notification_preferences");
    for (const body of [
      {},
      { preferences: {} },
      { preferences: { order_update: {} } },
      { preferences: { not_a_type: { toast: false } } },
      { preferences: { order_update: { sms: false } } },
      { preferences: { order_update: { toast: "no" } } },
      { preferences: { order_update: { toast: null } } },
      { preferences: [] },
      "not json at all",
    ]) {
      const res = await put(user, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toMatch(/VALIDATION_FAILED|BAD_REQUEST/);
    }
    expect(await rowCount(server.ctx.db, "notification_preferences")).toBe(before);
    expect((await getJson(server.url, user.token, PATH)).body).toEqual({ preferences: defaultNotificationPreferences() });
  });

  it("keeps the last of two racing saves of one switch, with one row", async () => {
    await Promise.all([
      put(user, { preferences: { admin_feedback: { push: false } } }),
      put(user, { preferences: { admin_feedback: { push: false, telegram: false } } }),
    ]);
    const prefs = (await getJson(server.url, user.token, PATH)).body.preferences;
    expect(prefs.admin_feedback).toEqual({ toast: true, browser: true, telegram: false, push: false });
  });
});
