import { randomBytes } from "node:crypto";
import { loadConfig } from "../../../apps/server/src/config.js";
import type { Db } from "../../../apps/server/src/db/client.js";
import { profiles, userRoles, users } from "../../../apps/server/src/db/schema.js";
import { hashPassword } from "../../../apps/server/src/auth/passwords.js";
import { prepareTradingStore } from "../../../apps/server/src/ledger/prepare-trading-store.js";
import { createDeposit } from "../../../apps/server/src/wallet/create-deposit.js";
import { demoSenderAddress } from "../../../apps/server/src/seed/demo-sender.js";
import { confirmDeposit } from "../../../apps/server/src/wallet/confirm-deposit.js";
import { upsertOffer } from "../../../apps/server/src/offers/upsert-offer.js";
import { CLIENTS, COIN, MERCHANT_FUNDS, MERCHANTS, PASSWORD, SELL_PRICE, type Account, type Cast } from "./config.js";

// ---------------------------------------------------------------------------------------------
// The store: users, merchants with online offers and deposits, written through the use cases
// before the server starts (PGlite allows only one process in its data folder).

async function insertAccount(db: Db, role: Account["role"], passwordHash: string, label: string): Promise<Account> {
  const suffix = randomBytes(5).toString("hex");
  const email = `bench.${label}.${suffix}@example.com`;
  const [user] = await db
    .insert(users)
    .values({ email, fullName: `Bench ${label} ${suffix}`, passwordHash, emailConfirmedAt: new Date() })
    .returning({ id: users.id });
  const phoneNumber = `+23480${String(randomBytes(4).readUInt32BE() % 1e8).padStart(8, "0")}`;
  await db.insert(profiles).values({ id: user!.id, username: `bench_${label}_${suffix}`, phoneNumber });
  await db.insert(userRoles).values({ userId: user!.id, role });
  return { id: user!.id, email, role };
}

export async function prepareStore(db: Db): Promise<Cast> {
  await prepareTradingStore(db, loadConfig({ NODE_ENV: "development" }));
  const passwordHash = await hashPassword(PASSWORD);
  const admin = await insertAccount(db, "admin", passwordHash, "admin");
  const merchants: Account[] = [];
  for (let i = 0; i < MERCHANTS; i++) {
    const merchant = await insertAccount(db, "merchant", passwordHash, `merchant${i}`);
    const deposit = await createDeposit({
      db,
      userId: merchant.id,
      input: {
        coin: COIN,
        network: "TRC20",
        amount: MERCHANT_FUNDS,
        tx_hash: `0x${randomBytes(32).toString("hex")}`,
        sender_address: demoSenderAddress("tron"),
      },
    });
    await confirmDeposit({ db, adminId: admin.id, depositId: deposit.id });
    await upsertOffer({
      db,
      merchantId: merchant.id,
      coin: COIN,
      input: {
        buy_price: "950.00",
        sell_price: SELL_PRICE,
        min_order: "1000.00",
        max_order: "1000000.00",
        bank_name: "Zenith Bank",
        account_number: "0123456789",
        account_name: `Bench Merchant ${i}`,
        terms: "",
        online: true,
      },
    });
    merchants.push(merchant);
  }
  const traders: Account[] = [];
  for (let i = 0; i < CLIENTS; i++) traders.push(await insertAccount(db, "user", passwordHash, `user${i}`));
  return { admin, merchants, users: traders };
}
