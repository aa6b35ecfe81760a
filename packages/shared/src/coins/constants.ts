/*
 * The coins and the bounds of an amount, apart from the schemas in schemas/coins.ts, so that a
 * screen needing only these does not load zod and build the schemas (importing a schema module
 * builds all of them).
 */

/** The spec's 17 coins, in the order the product lists them. */
export const COIN_SYMBOLS = [
  "SIDRA",
  "PI",
  "USDT",
  "CORE",
  "RUBI",
  "GAS-FEE",
  "ETH",
  "SOL",
  "BNB",
  "SUI",
  "POL",
  "NEAR",
  "ARB_ETH",
  "TON",
  "BASE_ETH",
  "LINEA_ETH",
  "ECOX",
] as const;
export type CoinSymbol = (typeof COIN_SYMBOLS)[number];

/** Listed when the product starts; admins list and unlist the rest. */
export const DEFAULT_LISTED_COINS: readonly CoinSymbol[] = ["SIDRA", "PI", "RUBI", "CORE", "USDT"];

/** Upper bounds that keep every product of amounts inside the NUMERIC columns. */
export const MAX_NAIRA_AMOUNT = "1000000000000.00";
export const MAX_COIN_AMOUNT = "1000000000000.00000000";
