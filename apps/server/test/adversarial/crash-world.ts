import { eq } from "drizzle-orm";
import type { Db } from "../../src/db/client.js";
import { networks } from "../../src/db/schema.js";
import { demoDepositAddress } from "../../src/coins/seed-coins.js";
import { prepareTradingStore } from "../../src/ledger/prepare-trading-store.js";
import { createSignedInUser, type TestUser } from "../fixtures.js";
import { fund, putOffer } from "../trading-fixtures.js";

export const COIN = "PI";
/** The coin's network its withdrawals go out on. */
export const NETWORK = "Pi";

/** The people of a crash run: one admin, merchants with an online PI offer, funded users. */
export type World = { admin: TestUser; merchants: TestUser[]; users: TestUser[] };

/**
 * Written straight to the store before the server first starts (a PGlite folder has one opener
 * at a time). Deposits of PI are opened as an admin would, by giving its network an address.
 */
export async function setUpWorld(db: Db, secret: string, sizes: { merchants: number; users: number }): Promise<World> {
  await prepareTradingStore(db, { isProduction: true });
  await db
    .update(networks)
    .set({ platformAddress: demoDepositAddress(COIN, "plain") })
    .where(eq(networks.coin, COIN));
  const admin = await createSignedInUser(db, secret, { role: "admin" });
  const merchants: TestUser[] = [];
  for (let i = 0; i < sizes.merchants; i++) {
    const merchant = await createSignedInUser(db, secret, { role: "merchant" });
    await putOffer(db, merchant, COIN);
    await fund(db, admin, merchant, COIN, "1000000");
    merchants.push(merchant);
  }
  const users: TestUser[] = [];
  for (let i = 0; i < sizes.users; i++) {
    const user = await createSignedInUser(db, secret);
    await fund(db, admin, user, COIN, "100000");
    users.push(user);
  }
  return { admin, merchants, users };
}
