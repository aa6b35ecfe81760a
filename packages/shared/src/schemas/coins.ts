import { z } from "zod";
import { COIN_SCALE, NAIRA_SCALE, parseUnits } from "../money/decimal.js";

/** The spec's 17 coins, in the order the product lists them. */
export const COIN_SYMBOLS = [
  "SIDRA", "PI", "USDT", "CORE", "RUBI", "GAS-FEE", "ETH", "SOL", "BNB",
  "SUI", "POL", "NEAR", "ARB_ETH", "TON", "BASE_ETH", "LINEA_ETH", "ECOX",
] as const;
export type CoinSymbol = (typeof COIN_SYMBOLS)[number];

/** Listed when the product starts; admins list and unlist the rest. */
export const DEFAULT_LISTED_COINS: readonly CoinSymbol[] = ["SIDRA", "PI", "RUBI", "CORE", "USDT"];

/** Upper bounds that keep every product of amounts inside the NUMERIC columns. */
export const MAX_NAIRA_AMOUNT = "1000000000000.00";
export const MAX_COIN_AMOUNT = "1000000000000.00000000";

function amountSchema(scale: number, max: string, what: string) {
  const maxUnits = parseUnits(max, scale);
  return z
    .string({ error: `Enter the ${what} as a decimal string, e.g. "1500.00"` })
    .trim()
    .superRefine((text, ctx) => {
      let units: bigint;
      try {
        units = parseUnits(text, scale);
      } catch {
        ctx.addIssue({ code: "custom", message: `Enter a ${what} with at most ${scale} decimal places` });
        return;
      }
      if (units <= 0n) ctx.addIssue({ code: "custom", message: `The ${what} must be more than zero` });
      else if (units > maxUnits) ctx.addIssue({ code: "custom", message: `The ${what} is too large` });
    });
}

/** A positive coin amount: a decimal string with up to 8 places. */
export const coinAmountSchema = amountSchema(COIN_SCALE, MAX_COIN_AMOUNT, "coin amount");
/** A positive naira amount: a decimal string with up to 2 places. */
export const nairaAmountSchema = amountSchema(NAIRA_SCALE, MAX_NAIRA_AMOUNT, "naira amount");

export const coinSymbolSchema = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(COIN_SYMBOLS, { error: "Unknown coin" }));

export const coinSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  listed: z.boolean(),
  /** Lowest naira price an online merchant sells at: what a user pays to buy. */
  best_buy_price: z.string().nullable(),
  /** Highest naira price an online merchant buys at: what a user receives to sell. */
  best_sell_price: z.string().nullable(),
  online_merchants: z.number().int(),
  /** Completed trades in the last 24 h, each order once. */
  volume_24h: z.object({ trades: z.number().int(), coin_amount: z.string(), naira_amount: z.string() }),
  trend: z.enum(["bullish", "bearish", "neutral"]),
  buy_percent: z.number(),
  sell_percent: z.number(),
  /** Whether the signed-in caller watches the coin (false when signed out). */
  watched: z.boolean(),
});
export type Coin = z.infer<typeof coinSchema>;
export const coinListResponse = z.object({ coins: z.array(coinSchema) });

export const adminCoinSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  listed: z.boolean(),
  deposit_address: z.string().nullable(),
});
export type AdminCoin = z.infer<typeof adminCoinSchema>;

export const updateCoinRequest = z
  .strictObject({
    listed: z.boolean().optional(),
    deposit_address: z.string().trim().min(10, "Enter the full deposit address").max(128).regex(/^\S+$/, "The address may not contain spaces").optional(),
  })
  .refine((v) => v.listed !== undefined || v.deposit_address !== undefined, "Send listed or deposit_address");

export const pricePoint = z.object({ price: z.string(), coin_amount: z.string(), completed_at: z.string() });
export const priceHistoryResponse = z.object({ symbol: z.string(), points: z.array(pricePoint) });
export const priceHistoryQuery = z.strictObject({ days: z.coerce.number().int().min(1).max(90).default(7) });
