import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import pino from "pino";
import { loadConfig } from "../config.js";
import { openPglite, type Database } from "../db/client.js";
import { jobs, ledgerTransfers, notifications, orders } from "../db/schema.js";
import { startServer, type RunningServer } from "../server.js";
import { freshDatabase } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { expectLedgerSound, fund, postJson, putOffer } from "../../test/trading-fixtures.js";
import { until } from "../../test/until.js";

/*
 * Timers are rows: kill the server while orders are open, start it again on the same store, and
 * each expiry still happens exactly once. On PostgreSQL two servers come back at once, sharing
 * the timers through FOR UPDATE SKIP LOCKED; on PGlite the data directory is closed and reopened.
 */

const WINDOW_SECONDS = 3;
const config = loadConfig({
  NODE_ENV: "test",
  PORT: "0",
  HOST: "127.0.0.1",
  LOG_LEVEL: "silent",
  ACCEPTANCE_WINDOW_SECONDS: String(WINDOW_SECONDS),
  PAYMENT_WINDOW_SECONDS: String(WINDOW_SECONDS),
  JOB_POLL_MS: "50",
});
const usePostgres = Boolean(process.env.DATABASE_URL);
const dataDir = usePostgres ? null : mkdtempSync(join(tmpdir(), "p2p-restart-"));
let dropDatabase: (() => Promise<void>) | null = null;

afterAll(async () => {
  await dropDatabase?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function openStore(): Promise<Database> {
  if (dataDir) return openPglite(dataDir);
  const database = await freshDatabase();
  dropDatabase = database.drop;
  return database;
}

const start = (database: Database) => startServer(config, { database, logger: pino({ level: "silent" }), mailTransport: async () => {} });

it("expires every open order exactly once after a restart", { timeout: 60_000 }, async () => {
  let database = await openStore();
  const first: RunningServer = await start(database);
  const db = database.db;
  const secret = config.sessionSecret;
  const admin = await createSignedInUser(db, secret, { role: "admin" });
  const merchant = await createSignedInUser(db, secret, { role: "merchant" });
  const sellers: TestUser[] = [];
  await putOffer(db, merchant, "PI");
  await fund(db, admin, merchant, "PI", "100");

  const ids: string[] = [];
  const payout = { bank_name: "GTBank", account_number: "0987654321", account_name: "Ada Trader" };
  for (let i = 0; i < 3; i++) {
    const seller = await createSignedInUser(db, secret);
    sellers.push(seller);
    await fund(db, admin, seller, "PI", "10");
    const sell = await postJson(first.url, seller.token, "/api/orders", {
      merchant_id: merchant.id,
      coin: "PI",
      side: "sell",
      coin_amount: "10",
      payout,
    });
    ids.push(sell.body.order.id);
    const buy = await postJson(first.url, seller.token, "/api/orders", { merchant_id: merchant.id, coin: "PI", side: "buy", coin_amount: "5" });
    expect((await postJson(first.url, merchant.token, `/api/orders/${buy.body.order.id}/accept`)).status).toBe(200);
    ids.push(buy.body.order.id);
  }
  const openOrders = () =>
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.id, ids), eq(orders.isActive, true)));
  expect(await openOrders()).toHaveLength(6);

  // Kill it while every window is still running.
  await first.close();
  if (dataDir) {
    await database.close();
    database = await openPglite(dataDir);
  }
  const again = [await start(database), ...(usePostgres ? [await start(database)] : [])];
  try {
    const live = database.db;
    await until(
      "every open order closed",
      async () =>
        (
          await live
            .select({ id: orders.id })
            .from(orders)
            .where(and(inArray(orders.id, ids), eq(orders.isActive, true)))
        ).length === 0,
      30_000,
    );
    await until(
      "no timer job of theirs left to run",
      async () =>
        (
          await live
            .select({ id: jobs.id })
            .from(jobs)
            .where(and(sql`${jobs.kind} like 'order.%'`, isNull(jobs.doneAt), inArray(sql`${jobs.payload}->>'order_id'`, ids)))
        ).length === 0,
      10_000,
    );

    const rows = await live.select().from(orders).where(inArray(orders.id, ids));
    expect(rows.map((r) => r.status)).toEqual(Array(6).fill("cancelled"));
    for (const id of ids) {
      const refunds = await live
        .select()
        .from(ledgerTransfers)
        .where(and(eq(ledgerTransfers.orderId, id), eq(ledgerTransfers.kind, "escrow_refund")));
      expect(refunds, `refunds of ${id}`).toHaveLength(1);
      const cancelled = await live
        .select()
        .from(notifications)
        .where(and(eq(notifications.orderId, id), eq(notifications.type, "order_cancelled")));
      expect(cancelled, `cancellation notices of ${id}`).toHaveLength(2);
    }
    await expectLedgerSound(live);
  } finally {
    for (const server of again) await server.close();
    if (dataDir) await database.close();
  }
});
