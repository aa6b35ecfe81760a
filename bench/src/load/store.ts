import { randomBytes, randomUUID } from "node:crypto";
import { loadConfig } from "../../../apps/server/src/config.js";
import type { Db } from "../../../apps/server/src/db/client.js";
import { profiles, userRoles, users } from "../../../apps/server/src/db/schema.js";
import { hashPassword } from "../../../apps/server/src/auth/passwords.js";
import { prepareTradingStore } from "../../../apps/server/src/ledger/prepare-trading-store.js";
import { createDeposit } from "../../../apps/server/src/wallet/create-deposit.js";
import { demoSenderAddress } from "../../../apps/server/src/seed/demo-sender.js";
import { confirmDeposit } from "../../../apps/server/src/wallet/confirm-deposit.js";
import { upsertOffer } from "../../../apps/server/src/offers/upsert-offer.js";
import { COIN, MERCHANT_FUNDS, MERCHANTS, PASSWORD, SELL_PRICE } from "./config.js";

export type Account = { id: string; email: string };
export type Cast = { merchants: Account[]; users: Account[] };

type Role = "user" | "merchant" | "admin";

/** Accounts with one password, confirmed and with complete profiles, in a few bulk statements. */
async function insertAccounts(db: Db, role: Role, count: number, passwordHash: string): Promise<Account[]> {
  const tag = randomBytes(4).toString("hex");
  const rows = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), email: `bench.load.${role}.${tag}.${i}@example.com`, i }));
  await db
    .insert(users)
    .values(rows.map((r) => ({ id: r.id, email: r.email, fullName: `Bench ${role} ${r.i}`, passwordHash, emailConfirmedAt: new Date() })));
  await db.insert(profiles).values(
    rows.map((r) => ({
      id: r.id,
      username: `load_${role}_${tag}_${r.i}`,
      phoneNumber: `+23481${String(randomBytes(4).readUInt32BE() % 1e8).padStart(8, "0")}`,
    })),
  );
  await db.insert(userRoles).values(rows.map((r) => ({ userId: r.id, role })));
  return rows.map(({ id, email }) => ({ id, email }));
}

/** Merchants funded through confirmed deposits with an online USDT offer each, and the buying users. */
export async function prepareStore(db: Db, userCount: number): Promise<Cast> {
  await prepareTradingStore(db, loadConfig({ NODE_ENV: "development" }));
  const passwordHash = await hashPassword(PASSWORD);
  const [admin] = await insertAccounts(db, "admin", 1, passwordHash);
  const merchants = await insertAccounts(db, "merchant", MERCHANTS, passwordHash);
  for (const [i, merchant] of merchants.entries()) {
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
    await confirmDeposit({ db, adminId: admin!.id, depositId: deposit.id });
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
  }
  return { merchants, users: await insertAccounts(db, "user", userCount, passwordHash) };
}
