import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser } from "../../test/fixtures.js";
import { depositAddressOf } from "../../test/chain/watcher-fixtures.js";
import { findNetwork } from "../networks/find-network.js";
import { loadConfig } from "../config.js";

const DEV_USDT = "0xAE519FC2BA8E6FFE6473195C092BF1BAE986FF90";
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ CHAIN_DEV_USDT: DEV_USDT });
});
afterAll(() => server.stop());

describe("npm run chain's side of the app (development only)", () => {
  it("points USDT on BEP20 at the local demo USDT (CHAIN_DEV_USDT), lower case", async () => {
    expect((await findNetwork(server.ctx.db, "USDT", "BEP20"))?.tokenContract).toBe(DEV_USDT.toLowerCase());
  });

  it("answers a user's deposit address by email or username on /dev/deposit-address, the same the user is shown", async () => {
    const user = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
    for (const who of [user.email, user.username]) {
      const res = await fetch(`${server.url}/dev/deposit-address?user=${encodeURIComponent(who)}&coin=USDT&network=BEP20`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { address: string }).address).toBe(await depositAddressOf(server, user, "USDT", "BEP20"));
    }
    const missing = await fetch(`${server.url}/dev/deposit-address?user=nobody-here`);
    expect(missing.status).toBe(404);
  });

  it("is refused in production", () => {
    expect(() =>
      loadConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), PUBLIC_URL: "https://p2p.example", CHAIN_DEV_USDT: DEV_USDT }),
    ).toThrow(/CHAIN_DEV_USDT/);
  });
});
