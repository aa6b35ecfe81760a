import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { deposits, offers, userRoles, users } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { prepareTradingStore } from "../ledger/prepare-trading-store.js";
import { transact } from "../db/transact.js";
import { upsertOffer } from "../offers/upsert-offer.js";
import { confirmDeposit } from "../wallet/confirm-deposit.js";
import { createDeposit } from "../wallet/create-deposit.js";
import { firstManualNetwork } from "../networks/find-network.js";
import { creditAsChainDeposit } from "./demo-chain-credit.js";
import { demoSenderAddress } from "./demo-sender.js";
import { DEMO_BALANCES, DEMO_OFFERS } from "./demo-market.js";

/** An arbitrary constant: one process at a time seeds the demo market. */
const DEMO_MARKET_LOCK = 0x7e5c02;
const DEMO_ADMIN_EMAIL = "admin@naijap2p.test";

/** A stable, obviously fake chain hash per demo credit: it is also what marks the credit as done. */
export function demoTxHash(email: string, coin: string): string {
  return `0x${createHash("sha256").update(`naijap2p-demo-credit:${email}:${coin}`).digest("hex")}`;
}

/**
 * Gives the demo accounts a market (development and test only): each demo merchant's offers and
 * every demo account's coins. Coins arrive the way production moves them, as deposits the demo
 * admin confirms on a manual network, or as the chain watcher credits them on a coin with none, so
 * every ledger invariant holds. Each offer and credit is made once, ever: an
 * offer the merchant already has (maybe edited) and a credit whose deposit exists (maybe spent)
 * are left alone. One transaction under an advisory lock, so processes starting together seed once.
 */
export async function seedDemoTrading(db: Db): Promise<void> {
  // The coin catalogue and ledger guards must exist first; startServer runs this again, harmlessly.
  await prepareTradingStore(db, { isProduction: false });
  await transact(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_MARKET_LOCK})`);
    const accounts = await demoAccounts(tx);

    // What exists is read once for all (on every start but the first, everything does).
    const offered = await offeredCoins(
      tx,
      [...accounts.values()].filter((a) => a.role === "merchant").map((a) => a.id),
    );
    for (const demo of DEMO_OFFERS) {
      const merchant = accounts.get(demo.merchantEmail);
      if (merchant?.role !== "merchant" || offered.has(`${merchant.id}:${demo.coin}`)) continue;
      await skipUnavailableCoin(() => upsertOffer({ db: tx, merchantId: merchant.id, coin: demo.coin, input: demo.offer }));
    }

    const admin = accounts.get(DEMO_ADMIN_EMAIL);
    if (admin?.role !== "admin") return;
    const credited = await creditedDeposits(
      tx,
      DEMO_BALANCES.map((credit) => demoTxHash(credit.email, credit.coin)),
    );
    for (const credit of DEMO_BALANCES) {
      const owner = accounts.get(credit.email);
      const txHash = demoTxHash(credit.email, credit.coin);
      if (!owner || credited.has(`${credit.coin}:${txHash}`)) continue;
      const manual = await firstManualNetwork(tx, credit.coin);
      if (!manual) {
        await creditAsChainDeposit(tx, { userId: owner.id, coin: credit.coin, amount: credit.amount, txHash });
        continue;
      }
      await skipUnavailableCoin(async () => {
        const deposit = await createDeposit({
          db: tx,
          userId: owner.id,
          input: {
            coin: credit.coin,
            network: manual.code,
            amount: credit.amount,
            tx_hash: txHash,
            sender_address: demoSenderAddress(manual.addressFormat),
          },
        });
        await confirmDeposit({ db: tx, adminId: admin.id, depositId: deposit.id });
      });
    }
  });
}

async function demoAccounts(tx: Tx): Promise<Map<string, { id: string; role: string }>> {
  const emails = [DEMO_ADMIN_EMAIL, ...DEMO_OFFERS.map((o) => o.merchantEmail), ...DEMO_BALANCES.map((b) => b.email)];
  const rows = await tx
    .select({ email: users.email, id: users.id, role: userRoles.role })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(inArray(users.email, [...new Set(emails)]));
  return new Map(rows.map((r) => [r.email, { id: r.id, role: r.role }]));
}

/** The coins these merchants have an offer for, as "merchant id:coin". */
async function offeredCoins(tx: Tx, merchantIds: string[]): Promise<Set<string>> {
  if (merchantIds.length === 0) return new Set();
  const rows = await tx.select({ merchantId: offers.merchantId, coin: offers.coin }).from(offers).where(inArray(offers.merchantId, merchantIds));
  return new Set(rows.map((row) => `${row.merchantId}:${row.coin}`));
}

/** The deposits that exist with these chain hashes, as "coin:hash": each marks a demo credit done. */
async function creditedDeposits(tx: Tx, txHashes: string[]): Promise<Set<string>> {
  const rows = await tx.select({ coin: deposits.coin, txHash: deposits.txHash }).from(deposits).where(inArray(deposits.txHash, txHashes));
  return new Set(rows.map((row) => `${row.coin}:${row.txHash}`));
}

/** An admin may have unlisted a coin or closed its deposits: the demo then skips that coin. */
async function skipUnavailableCoin(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if (!(err instanceof AppError && err.code === "COIN_UNAVAILABLE")) throw err;
  }
}
