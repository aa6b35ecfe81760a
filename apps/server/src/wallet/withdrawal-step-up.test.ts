import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { signedInClient } from "../../test/accounts.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { balance, fund, rowCount } from "../../test/trading-fixtures.js";
import { totpCode } from "../auth/totp.js";

/** DESIGN §6: with two-factor on, a withdrawal needs a fresh code; a refusal moves nothing. */

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
});
afterAll(() => server.stop());

const STEP = 30_000;
const WITHDRAWAL = { coin: "PI", network: "Pi", amount: "5", address: "0xdestination0003" };

async function enrolledWithCoins() {
  const account = await signedInClient(server);
  const setup = await account.client.post("/api/auth/two-factor/setup", {});
  const { secret } = (await setup.json()) as { secret: string };
  expect((await account.client.post("/api/auth/two-factor/enable", { code: totpCode(secret) })).status).toBe(200);
  const user = { id: account.me.id } as TestUser;
  await fund(server.ctx.db, admin, user, "PI", "20");
  return { ...account, secret, userId: account.me.id as string };
}

async function errorCode(res: Response) {
  return ((await res.json()) as { error: { code: string } }).error.code;
}

describe("a withdrawal by an account with two-factor on", () => {
  it("is refused without a code, or with a wrong or replayed one, moving nothing", async () => {
    const { client, secret, userId } = await enrolledWithCoins();
    const before = { rows: await rowCount(server.ctx.db, "withdrawals"), available: await balance(server.ctx.db, userId, "PI") };

    const missing = await client.post("/api/wallet/withdrawals", WITHDRAWAL);
    expect(missing.status).toBe(403);
    expect(await errorCode(missing)).toBe("TWO_FACTOR_REQUIRED");

    const wrong = await client.post("/api/wallet/withdrawals", {
      ...WITHDRAWAL,
      two_factor_code: "000000" === totpCode(secret) ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(await errorCode(wrong)).toBe("INVALID_TWO_FACTOR_CODE");

    // The enrolment used the current step's code: the same code again is a replay.
    const replayed = await client.post("/api/wallet/withdrawals", { ...WITHDRAWAL, two_factor_code: totpCode(secret) });
    expect(replayed.status).toBe(400);

    expect({ rows: await rowCount(server.ctx.db, "withdrawals"), available: await balance(server.ctx.db, userId, "PI") }).toEqual(before);
  });

  it("goes through with a fresh code, and that code cannot be used twice", async () => {
    const { client, secret, userId } = await enrolledWithCoins();
    const code = totpCode(secret, Date.now() + STEP);
    const ok = await client.post("/api/wallet/withdrawals", { ...WITHDRAWAL, two_factor_code: code });
    expect(ok.status).toBe(201);
    expect(await balance(server.ctx.db, userId, "PI")).toBe("15.00000000");
    const again = await client.post("/api/wallet/withdrawals", { ...WITHDRAWAL, two_factor_code: code });
    expect(again.status).toBe(400);
  });

  it("keeps the code unused when the withdrawal itself is refused, so it can be tried again", async () => {
    const { client, secret } = await enrolledWithCoins();
    const code = totpCode(secret, Date.now() + STEP);
    const tooMuch = await client.post("/api/wallet/withdrawals", { ...WITHDRAWAL, amount: "500", two_factor_code: code });
    expect(tooMuch.status).toBe(409);
    expect((await client.post("/api/wallet/withdrawals", { ...WITHDRAWAL, two_factor_code: code })).status).toBe(201);
  });

  it("needs no code when two-factor is off", async () => {
    const account = await signedInClient(server);
    await fund(server.ctx.db, admin, { id: account.me.id } as TestUser, "PI", "10");
    expect((await account.client.post("/api/wallet/withdrawals", WITHDRAWAL)).status).toBe(201);
  });
});
