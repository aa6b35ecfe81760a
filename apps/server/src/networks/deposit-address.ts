import { fillTemplate, WALLET_TEXTS, type DepositAddress } from "@p2p/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { depositAccounts, depositAddresses } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { requireListedCoin } from "../coins/find-coin.js";
import { requireDepositNetwork } from "./find-network.js";
import { depositMemo, deriveDepositAddress } from "./derive-address.js";

/** The user's stable deposit index, taken on first use (two racing requests get the same one). */
export async function depositIndexOf(db: Db | Tx, userId: string): Promise<number> {
  await db.insert(depositAccounts).values({ userId }).onConflictDoNothing();
  const [row] = await db.select({ index: depositAccounts.depositIndex }).from(depositAccounts).where(eq(depositAccounts.userId, userId));
  return row!.index;
}

/**
 * Where this user sends a deposit of `coin` on `network`: on an EVM network their own address,
 * derived from the xpub and remembered so the chain watcher knows whose it is; on a manual network
 * the platform's address and the user's memo.
 */
export async function getDepositAddress(options: {
  db: Db;
  xpub: string | null;
  userId: string;
  coin: string;
  network: string;
}): Promise<DepositAddress> {
  const { db, userId } = options;
  await requireListedCoin(db, options.coin);
  const network = await requireDepositNetwork(db, options.coin, options.network);
  const index = await depositIndexOf(db, userId);
  const base = {
    coin: network.coin,
    network: network.code,
    network_name: network.name,
    kind: network.kind,
    min_deposit: network.minDeposit,
    confirmations: network.confirmations,
  };
  if (network.kind === "manual") {
    if (!network.platformAddress) throw new AppError("NETWORK_UNAVAILABLE", fillTemplate(WALLET_TEXTS.depositsClosed, { coin: network.coin }));
    return { ...base, address: network.platformAddress, memo: depositMemo(index) };
  }
  if (!options.xpub || network.addressBranch === null) {
    throw new AppError("NETWORK_UNAVAILABLE", fillTemplate(WALLET_TEXTS.depositsClosed, { coin: network.coin }));
  }
  const derived = deriveDepositAddress(options.xpub, network.addressBranch, index);
  await db
    .insert(depositAddresses)
    .values({ coin: network.coin, network: network.code, userId, address: derived.address, path: derived.path })
    .onConflictDoNothing();
  const [stored] = await db
    .select({ address: depositAddresses.address })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.coin, network.coin), eq(depositAddresses.network, network.code), eq(depositAddresses.userId, userId)));
  // An address remembered under another key (DEPOSIT_XPUB changed) stays the user's: funds sent there are still watched.
  return { ...base, address: stored?.address ?? derived.address, memo: null };
}

/** Every remembered deposit address of a network, for the chain watcher: address → user. */
export async function depositAddressesOf(db: Db, coin: string, network: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ address: depositAddresses.address, userId: depositAddresses.userId })
    .from(depositAddresses)
    .where(sql`${depositAddresses.coin} = ${coin} and ${depositAddresses.network} = ${network}`);
  return new Map(rows.map((r) => [r.address, r.userId]));
}
