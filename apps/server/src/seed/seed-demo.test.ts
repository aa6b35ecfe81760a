import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { emailSchema, phoneSchema, usernameSchema } from "@p2p/shared";
import { offers as offersTable, profiles, userRoles, users } from "../db/schema.js";
import { isCommonPassword } from "../auth/passwords.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestClient } from "../../test/client.js";
import { verifyLedger } from "../ledger/verify-ledger.js";
import { upsertOffer } from "../offers/upsert-offer.js";
import { getWallet } from "../wallet/get-wallet.js";
import { rowCount } from "../../test/trading-fixtures.js";
import { DEMO_BALANCES, DEMO_OFFERS } from "./demo-market.js";
import { DEMO_ACCOUNTS, seedDemoData } from "./seed-demo.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const userCount = async () => (await server.ctx.db.select({ n: count() }).from(users))[0]!.n;

describe("seedDemoData", () => {
  it("creates two admins, two merchants and two users, confirmed, with valid usernames and phones", async () => {
    const accounts = await seedDemoData(server.ctx.db);
    expect(accounts.map((a) => a.role)).toEqual(["admin", "admin", "merchant", "merchant", "user", "user"]);
    expect(await userCount()).toBe(DEMO_ACCOUNTS.length);
    for (const seed of DEMO_ACCOUNTS) {
      expect(emailSchema.parse(seed.email)).toBe(seed.email);
      expect(usernameSchema.parse(seed.username)).toBe(seed.username);
      expect(phoneSchema.parse(seed.phoneNumber)).toBe(seed.phoneNumber);
      expect(isCommonPassword(seed.password)).toBe(false);
      const [row] = await server.ctx.db
        .select({ confirmed: users.emailConfirmedAt, role: userRoles.role, username: profiles.username, phone: profiles.phoneNumber })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.id))
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(eq(users.email, seed.email));
      expect(row).toMatchObject({ role: seed.role, username: seed.username, phone: seed.phoneNumber });
      expect(row!.confirmed).toBeInstanceOf(Date);
    }
  });

  it("is idempotent: a second run creates nothing and returns the same sign-ins", async () => {
    const first = await seedDemoData(server.ctx.db);
    const again = await seedDemoData(server.ctx.db);
    expect(again).toEqual(first);
    expect(await userCount()).toBe(DEMO_ACCOUNTS.length);
  });

  it("returns sign-ins that work, with the seeded role and a complete profile", async () => {
    const accounts = await seedDemoData(server.ctx.db);
    for (const account of accounts) {
      const res = await new TestClient(server.url).post("/api/auth/sign-in", { email: account.email, password: account.password });
      expect(res.status).toBe(200);
      const { user } = await res.json();
      expect(user).toMatchObject({ role: account.role, username: account.username, needs_profile: false });
    }
  });
});

const idOf = async (email: string) => (await server.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

/** Every demo account's available balance per coin, as the wallet shows it. */
async function demoBalances(): Promise<Record<string, Record<string, string>>> {
  const out: Record<string, Record<string, string>> = {};
  for (const { email } of DEMO_ACCOUNTS) {
    const wallet = await getWallet({ db: server.ctx.db, userId: await idOf(email) });
    out[email] = Object.fromEntries(wallet.filter((b) => b.available !== "0.00000000").map((b) => [b.coin, b.available]));
  }
  return out;
}

async function signIn(email: string, password: string): Promise<TestClient> {
  const client = new TestClient(server.url);
  const res = await client.post("/api/auth/sign-in", { email, password });
  expect(res.status).toBe(200);
  return client;
}

describe("seedDemoData: the demo market", () => {
  it("gives both merchants an online offer per listed coin and every demo account coins, through confirmed deposits", async () => {
    await seedDemoData(server.ctx.db);
    expect(await rowCount(server.ctx.db, "offers")).toBe(DEMO_OFFERS.length);
    expect(await rowCount(server.ctx.db, "deposits")).toBe(DEMO_BALANCES.length);

    const balances = await demoBalances();
    for (const credit of DEMO_BALANCES) {
      expect(balances[credit.email]![credit.coin]).toBe(`${credit.amount}.00000000`);
    }
    expect(balances["admin@naijap2p.test"]).toEqual({});
    expect(await verifyLedger(server.ctx.db)).toEqual([]);

    // A user sees both merchants' PI offers, cheapest first, with Nigerian bank details.
    const tunde = await signIn("tunde@naijap2p.test", "Demo-User-2026!");
    const res = await tunde.get("/api/offers?coin=PI&side=buy");
    expect(res.status).toBe(200);
    const { offers } = await res.json();
    expect(offers.map((o: { username: string; price: string }) => [o.username, o.price])).toEqual([
      ["emeka_trades", "1520.00"],
      ["chioma_fx", "1535.00"],
    ]);
    const emeka = await signIn("emeka@naijap2p.test", "Demo-Merchant-2026!");
    const mine = (await (await emeka.get("/api/offers/mine")).json()).offers as { coin: string; account_number: string; online: boolean }[];
    expect(mine.map((o) => o.coin).sort()).toEqual(["CORE", "PI", "RUBI", "SIDRA", "USDT"]);
    for (const offer of mine) {
      expect(offer.online).toBe(true);
      expect(offer.account_number).toMatch(/^[0-9]{10}$/);
    }
  });

  it("seeding twice, and twice at once, leaves one set of offers and balances and a sound ledger", async () => {
    await seedDemoData(server.ctx.db);
    const before = await demoBalances();
    await Promise.all([seedDemoData(server.ctx.db), seedDemoData(server.ctx.db)]);
    await seedDemoData(server.ctx.db);

    expect(await rowCount(server.ctx.db, "offers")).toBe(DEMO_OFFERS.length);
    expect(await rowCount(server.ctx.db, "deposits")).toBe(DEMO_BALANCES.length);
    expect(await rowCount(server.ctx.db, "ledger_transfers")).toBe(DEMO_BALANCES.length);
    expect(await demoBalances()).toEqual(before);
    expect(await userCount()).toBe(DEMO_ACCOUNTS.length);
    expect(await verifyLedger(server.ctx.db)).toEqual([]);
  });

  it("leaves a merchant's own price change alone on the next start", async () => {
    await seedDemoData(server.ctx.db);
    const merchantId = await idOf("chioma@naijap2p.test");
    const pi = DEMO_OFFERS.find((o) => o.merchantEmail === "chioma@naijap2p.test" && o.coin === "PI")!;
    await upsertOffer({ db: server.ctx.db, merchantId, coin: "PI", input: { ...pi.offer, sell_price: "1555.00", online: false } });

    await seedDemoData(server.ctx.db);
    const [row] = await server.ctx.db
      .select({ sell: offersTable.sellPrice, online: offersTable.online })
      .from(offersTable)
      .where(and(eq(offersTable.merchantId, merchantId), eq(offersTable.coin, "PI")));
    expect(row).toEqual({ sell: "1555.00", online: false });
  });
});
