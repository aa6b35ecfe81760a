import { createHash } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { COIN_SYMBOLS, DEFAULT_LISTED_COINS, type CoinSymbol } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { coins, networks } from "../db/schema.js";

export const COIN_NAMES: Record<CoinSymbol, string> = {
  SIDRA: "Sidra Coin",
  PI: "Pi Network",
  USDT: "Tether USD",
  CORE: "Core",
  RUBI: "Rubi",
  "GAS-FEE": "Gas Fee",
  ETH: "Ethereum",
  SOL: "Solana",
  BNB: "BNB",
  SUI: "Sui",
  POL: "Polygon",
  NEAR: "NEAR Protocol",
  ARB_ETH: "Ethereum (Arbitrum)",
  TON: "Toncoin",
  BASE_ETH: "Ethereum (Base)",
  LINEA_ETH: "Ethereum (Linea)",
  ECOX: "ECOx",
};

/** A stable, obviously fake address per coin for development and tests: never a real wallet. */
export function demoDepositAddress(symbol: string): string {
  return `0xdemo${createHash("sha256").update(`naijap2p-demo-deposit:${symbol}`).digest("hex").slice(0, 36)}`;
}

/**
 * Inserts the spec's 17 coins and their custody accounts once (their networks come with migration
 * 0022). Existing rows are left alone, so admins' listing choices and addresses survive restarts.
 * In production manual networks' addresses start empty (their deposits stay closed until an admin
 * sets the real one); elsewhere they get an obviously fake demo address.
 */
export async function seedCoins(tx: Tx, options: { demoAddresses: boolean }): Promise<void> {
  const rows = COIN_SYMBOLS.map((symbol, i) => ({
    symbol,
    name: COIN_NAMES[symbol],
    listed: DEFAULT_LISTED_COINS.includes(symbol),
    sortOrder: i,
  }));
  await tx.insert(coins).values(rows).onConflictDoNothing();
  if (options.demoAddresses) {
    for (const symbol of COIN_SYMBOLS) {
      await tx
        .update(networks)
        .set({ platformAddress: demoDepositAddress(symbol) })
        .where(and(eq(networks.coin, symbol), eq(networks.kind, "manual"), isNull(networks.platformAddress)));
    }
  }
  await tx.execute(sql`
    insert into ledger_accounts (kind, coin, balance)
    select 'custody', symbol, 0 from coins
    on conflict (coin) where kind = 'custody' do nothing`);
}
