import { inArray } from "drizzle-orm";
import type { Role } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { users } from "../db/schema.js";
import { uniqueViolation } from "../db/unique-violation.js";
import { insertAccount } from "../auth/create-account.js";
import { hashPassword } from "../auth/passwords.js";
import { seedDemoTrading } from "./seed-demo-trading.js";
import { transact } from "../db/transact.js";

export type DemoAccount = { role: string; email: string; password: string; username: string };

type DemoSeed = DemoAccount & { role: Role; fullName: string; phoneNumber: string };

/** Development and test only: main.ts never seeds in production. */
export const DEMO_ACCOUNTS: readonly DemoSeed[] = [
  {
    role: "admin",
    email: "admin@naijap2p.test",
    password: "Demo-Admin-2026!",
    username: "ifeoma_admin",
    fullName: "Ifeoma Nwosu",
    phoneNumber: "+2348030000001",
  },
  {
    // A second admin: making an admin, large withdrawals and an admin's own requests take two.
    role: "admin",
    email: "bola@naijap2p.test",
    password: "Demo-Admin-2026!",
    username: "bola_admin",
    fullName: "Bola Adewale",
    phoneNumber: "+2348030000006",
  },
  {
    role: "merchant",
    email: "emeka@naijap2p.test",
    password: "Demo-Merchant-2026!",
    username: "emeka_trades",
    fullName: "Emeka Okonkwo",
    phoneNumber: "+2348030000002",
  },
  {
    role: "merchant",
    email: "chioma@naijap2p.test",
    password: "Demo-Merchant-2026!",
    username: "chioma_fx",
    fullName: "Chioma Adeyemi",
    phoneNumber: "+2348030000003",
  },
  {
    role: "user",
    email: "tunde@naijap2p.test",
    password: "Demo-User-2026!",
    username: "tunde_buys",
    fullName: "Tunde Bakare",
    phoneNumber: "+2348030000004",
  },
  {
    role: "user",
    email: "amaka@naijap2p.test",
    password: "Demo-User-2026!",
    username: "amaka_sells",
    fullName: "Amaka Obi",
    phoneNumber: "+2348030000005",
  },
];

/**
 * Creates the demo accounts that are missing (confirmed emails, real usernames and phones, roles
 * set) and leaves existing ones alone, then their market (offers and coins, seed-demo-trading.ts),
 * so it is safe on every start and from several processes. Returns every demo sign-in.
 */
export async function seedDemoData(db: Db): Promise<DemoAccount[]> {
  await seedDemoAccounts(db);
  await seedDemoTrading(db);
  return DEMO_ACCOUNTS.map(({ role, email, password, username }) => ({ role, email, password, username }));
}

async function seedDemoAccounts(db: Db): Promise<void> {
  // One read for all of them: on every start but the first, every account is there already.
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const existing = new Set((await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((row) => row.email));
  for (const account of DEMO_ACCOUNTS) {
    if (existing.has(account.email)) continue;
    const passwordHash = await hashPassword(account.password);
    try {
      await transact(db, (tx) =>
        insertAccount(tx, {
          email: account.email,
          fullName: account.fullName,
          passwordHash,
          username: account.username,
          phoneNumber: account.phoneNumber,
          role: account.role,
          emailConfirmed: true,
        }),
      );
    } catch (err) {
      // Another process seeded it first, or a real user holds the username or phone: leave it.
      if (uniqueViolation(err) === null) throw err;
    }
  }
}

export function printDemoSignIns(accounts: DemoAccount[], url: string): void {
  if (accounts.length === 0) return;
  const lines = accounts.map((a) => `  ${a.role.padEnd(9)} ${a.email.padEnd(28)} ${a.password}`);
  const market = "  The merchants have online offers for SIDRA, PI, RUBI, CORE and USDT; every demo account holds coins.";
  console.log(`\nNaijaP2P is running at ${url}\nDemo sign-ins (development only):\n${lines.join("\n")}\n${market}\n`);
}
