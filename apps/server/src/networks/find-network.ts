import { fillTemplate, WALLET_TEXTS } from "@p2p/shared";
import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { networks } from "../db/schema.js";
import { AppError } from "../http/errors.js";

export type NetworkRow = typeof networks.$inferSelect;

export async function findNetwork(db: Db | Tx, coin: string, code: string): Promise<NetworkRow | null> {
  const [row] = await db
    .select()
    .from(networks)
    .where(and(eq(networks.coin, coin), eq(networks.code, code)));
  return row ?? null;
}

/** The coin's network by code, or a 400 naming both (nothing is written). */
export async function requireNetwork(db: Db | Tx, coin: string, code: string): Promise<NetworkRow> {
  const row = await findNetwork(db, coin, code);
  if (!row) throw new AppError("UNKNOWN_NETWORK", fillTemplate(WALLET_TEXTS.unknownNetwork, { coin, network: code }));
  return row;
}

/** The coin's first network (every coin has one, migration 0022). */
export async function firstNetwork(db: Db | Tx, coin: string): Promise<NetworkRow> {
  const [row] = await db.select().from(networks).where(eq(networks.coin, coin)).orderBy(asc(networks.sortOrder), asc(networks.code)).limit(1);
  if (!row) throw new AppError("UNKNOWN_NETWORK", fillTemplate(WALLET_TEXTS.unknownNetwork, { coin, network: "?" }));
  return row;
}

/** The coin's first manual network open for deposits, or null. */
export async function firstManualNetwork(db: Db | Tx, coin: string): Promise<NetworkRow | null> {
  const [row] = await db
    .select()
    .from(networks)
    .where(and(eq(networks.coin, coin), eq(networks.kind, "manual"), eq(networks.depositsEnabled, true)))
    .orderBy(asc(networks.sortOrder), asc(networks.code))
    .limit(1);
  return row ?? null;
}

/** A network open for deposits now, or a 409 saying it is paused. */
export async function requireDepositNetwork(db: Db | Tx, coin: string, code: string): Promise<NetworkRow> {
  const row = await requireNetwork(db, coin, code);
  if (!row.depositsEnabled) throw new AppError("NETWORK_UNAVAILABLE", fillTemplate(WALLET_TEXTS.depositsPaused, { coin, network: row.name }));
  return row;
}

/** A network open for withdrawals now, or a 409 saying it is paused. */
export async function requireWithdrawalNetwork(db: Db | Tx, coin: string, code: string): Promise<NetworkRow> {
  const row = await requireNetwork(db, coin, code);
  if (!row.withdrawalsEnabled) throw new AppError("NETWORK_UNAVAILABLE", fillTemplate(WALLET_TEXTS.withdrawalsPaused, { coin, network: row.name }));
  return row;
}
