import { createHash } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { COIN_SYMBOLS, DEFAULT_LISTED_COINS, toChecksumAddress, tronAddress, type AddressFormat, type CoinSymbol } from "@p2p/shared";
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

/**
 * A stable address per manual network for development and tests, well formed for the network
 * (EIP-55, TRON base58check, or plain), derived from a fixed phrase: no key for it is known, so it
 * is never a wallet anyone controls.
 */
export function demoDepositAddress(coin: string, format: AddressFormat): string {
  const account = createHash("sha256").update(`naijap2p-demo-deposit:${coin}`).digest().subarray(0, 20);
  switch (format) {
    case "evm":
      return toChecksumAddress(`0x${account.toString("hex")}`);
    case "tron":
      return tronAddress(account);
    case "plain":
      return account.toString("hex").toUpperCase();
  }
}

/**
 * Inserts the spec's 17 coins and their custody accounts once (their networks come with migration
 * 0022). Existing rows are left alone, so admins' listing choices and addresses survive restarts.
 * In production manual networks' addresses start empty (their deposits stay closed until an admin
 * sets the real one); elsewhere they get a demo address well formed for the network.
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
    const unset = await tx
      .select({ coin: networks.coin, code: networks.code, addressFormat: networks.addressFormat })
      .from(networks)
      .where(and(eq(networks.kind, "manual"), isNull(networks.platformAddress)));
    for (const network of unset) {
      await tx
        .update(networks)
        .set({ platformAddress: demoDepositAddress(network.coin, network.addressFormat) })
        .where(and(eq(networks.coin, network.coin), eq(networks.code, network.code)));
    }
  }
  await tx.execute(sql`
    insert into ledger_accounts (kind, coin, balance)
    select 'custody', symbol, 0 from coins
    on conflict (coin) where kind = 'custody' do nothing`);
}
