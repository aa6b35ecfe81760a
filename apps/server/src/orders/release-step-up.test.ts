import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { expectLedgerSound, getJson, postJson, putOffer, tradeTo } from "../../test/trading-fixtures.js";
import { totpCode } from "../auth/totp.js";

/** DESIGN §6: a seller with two-factor on releases escrow only with a fresh code. */

let server: TestServer;
let admin: TestUser;
let seller: TestUser;
let merchant: TestUser;
let stranger: TestUser;
let secret: string;
const STEP = 30_000;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.ctx.db;
  const key = server.ctx.config.sessionSecret;
  admin = await createSignedInUser(db, key, { role: "admin" });
  seller = await createSignedInUser(db, key);
  stranger = await createSignedInUser(db, key);
  merchant = await createSignedInUser(db, key, { role: "merchant" });
  await putOffer(db, merchant, "PI");
  const setup = await postJson(server.url, seller.token, "/api/auth/two-factor/setup", {});
  secret = setup.body.secret;
  expect((await postJson(server.url, seller.token, "/api/auth/two-factor/enable", { code: totpCode(secret) })).status).toBe(200);
});
afterAll(() => server.stop());

const statusOf = async (id: string) => (await getJson(server.url, admin.token, `/api/orders/${id}`)).body.order.status;

describe("releasing escrow with two-factor on", () => {
  it("is refused without a code or with a wrong one, and nothing moves", async () => {
    const id = await tradeTo(server, { admin, user: seller, merchant }, { side: "sell", status: "in_progress" });
    const missing = await postJson(server.url, seller.token, `/api/orders/${id}/confirm-payment`, {});
    expect(missing.status).toBe(403);
    expect(missing.body.error.code).toBe("TWO_FACTOR_REQUIRED");
    const wrongCode = ["000000", "111111"].find((c) => c !== totpCode(secret) && c !== totpCode(secret, Date.now() + STEP))!;
    const wrong = await postJson(server.url, seller.token, `/api/orders/${id}/confirm-payment`, { two_factor_code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe("INVALID_TWO_FACTOR_CODE");
    expect(await statusOf(id)).toBe("in_progress");
    await expectLedgerSound(server.ctx.db);
  });

  it("goes through with a fresh code", async () => {
    const id = await tradeTo(server, { admin, user: seller, merchant }, { side: "sell", status: "in_progress" });
    const ok = await postJson(server.url, seller.token, `/api/orders/${id}/confirm-payment`, {
      two_factor_code: totpCode(secret, Date.now() + STEP),
    });
    expect(ok.status).toBe(200);
    expect(await statusOf(id)).toBe("completed");
  });

  it("still answers outsiders 404, whatever code they send", async () => {
    const id = await tradeTo(server, { admin, user: seller, merchant }, { side: "sell", status: "in_progress" });
    const res = await postJson(server.url, stranger.token, `/api/orders/${id}/confirm-payment`, { two_factor_code: "123456" });
    expect(res.status).toBe(404);
  });
});
