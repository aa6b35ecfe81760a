import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { profileResponse, referralCodeFor } from "@p2p/shared";
import { users } from "../db/schema.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { signedInClient, signUpConfirmed } from "../../test/accounts.js";
import { TestClient } from "../../test/client.js";
import { getJson, postJson, tradeTo, merchantWithOffer } from "../../test/trading-fixtures.js";

let server: TestServer;
let admin: TestUser;
const secret = () => server.ctx.config.sessionSecret;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, secret(), { role: "admin" });
});
afterAll(() => server.stop());

describe("GET /api/profile", () => {
  it("answers 401 when signed out", async () => {
    expect((await new TestClient(server.url).get("/api/profile")).status).toBe(401);
  });

  it("shows a new account with real empty lists and no completion rate", async () => {
    const { client, input, userId } = await signedInClient(server);
    const res = await client.get("/api/profile");
    expect(res.status).toBe(200);
    const profile = profileResponse.parse(await res.json());
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, userId));
    expect(profile).toEqual({
      username: input.username,
      full_name: input.full_name,
      email: input.email,
      phone_number: input.phone_number,
      role: "user",
      member_since: row!.createdAt.toISOString(),
      reputation_score: "0.00",
      total_trades: 0,
      completion_rate: null,
      completion_orders: 0,
      referral_code: referralCodeFor(userId),
      referral_link: `${server.ctx.config.publicUrl}/auth?ref=${referralCodeFor(userId)}`,
      referred_users: [],
      ratings: [],
    });
  });

  it("lists the users who joined with the caller's code, and only the caller's", async () => {
    const referrer = await signedInClient(server);
    const code = referralCodeFor(referrer.userId);
    const joined = await signUpConfirmed(server, { referral_code: code });
    await signUpConfirmed(server); // joined without a code
    const profile = profileResponse.parse(await (await referrer.client.get("/api/profile")).json());
    expect(profile.referred_users).toEqual([{ username: joined.input.username, joined_at: expect.any(String) }]);
    const other = await signedInClient(server);
    expect(profileResponse.parse(await (await other.client.get("/api/profile")).json()).referred_users).toEqual([]);
  });

  it("shows trades, the completion rate over the orders each party was answerable for, and the ratings received, from whom", async () => {
    const user = await createSignedInUser(server.ctx.db, secret());
    const merchant = await merchantWithOffer(server);
    const parties = { admin, user, merchant };
    const done = await tradeTo(server, parties, { side: "buy", status: "completed" });
    const pending = await tradeTo(server, parties, { side: "buy", status: "pending" });
    expect((await postJson(server.url, user.token, `/api/orders/${pending}/cancel`, {})).status).toBe(200);
    // Withdrawn twice before acceptance by the buyer: nobody's failure. Refused once by the merchant: theirs.
    const withdrawn = await tradeTo(server, parties, { side: "buy", status: "pending" });
    expect((await postJson(server.url, user.token, `/api/orders/${withdrawn}/cancel`, {})).status).toBe(200);
    const refused = await tradeTo(server, parties, { side: "buy", status: "pending" });
    expect((await postJson(server.url, merchant.token, `/api/orders/${refused}/cancel`, {})).status).toBe(200);
    await tradeTo(server, parties, { side: "buy", status: "matched" }); // still open: not counted
    expect((await postJson(server.url, user.token, `/api/orders/${done}/rating`, { stars: 4 })).status).toBe(201);

    const merchantProfile = profileResponse.parse((await getJson(server.url, merchant.token, "/api/profile")).body);
    expect(merchantProfile.role).toBe("merchant");
    expect(merchantProfile.total_trades).toBe(1);
    expect(merchantProfile).toMatchObject({ completion_rate: 50, completion_orders: 2 });
    expect(merchantProfile.reputation_score).toBe("4.00");
    expect(merchantProfile.ratings).toEqual([
      { id: expect.any(String), stars: 4, comment: null, from_username: user.username, created_at: expect.any(String) },
    ]);
    const userProfile = profileResponse.parse((await getJson(server.url, user.token, "/api/profile")).body);
    expect(userProfile.ratings).toEqual([]);
    expect(userProfile).toMatchObject({ completion_rate: 100, completion_orders: 1 });
  });
});
