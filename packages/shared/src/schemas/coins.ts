import { msg } from "../i18n/languages.js";
import { z } from "zod";
import { COIN_SCALE, NAIRA_SCALE, parseUnits } from "../money/decimal.js";
import { MAX_FEE_BPS } from "../fees/fees.js";
import { COIN_SYMBOLS, MAX_NAIRA_AMOUNT, MAX_COIN_AMOUNT } from "../coins/constants.js";

/** An amount's messages, whole sentences each (word order differs between languages). */
type AmountMessages = { notText: string; tooPrecise: string; notPositive: string; tooLarge: string };

function amountSchema(scale: number, max: string, messages: AmountMessages) {
  const maxUnits = parseUnits(max, scale);
  return z
    .string({ error: messages.notText })
    .trim()
    .superRefine((text, ctx) => {
      let units: bigint;
      try {
        units = parseUnits(text, scale);
      } catch {
        ctx.addIssue({ code: "custom", message: messages.tooPrecise });
        return;
      }
      if (units <= 0n) ctx.addIssue({ code: "custom", message: messages.notPositive });
      else if (units > maxUnits) ctx.addIssue({ code: "custom", message: messages.tooLarge });
    });
}

/** A positive coin amount: a decimal string with up to 8 places. */
export const coinAmountSchema = amountSchema(COIN_SCALE, MAX_COIN_AMOUNT, {
  notText: msg('Enter the coin amount as a decimal string, e.g. "1500.00"'),
  tooPrecise: msg("Enter a coin amount with at most 8 decimal places"),
  notPositive: msg("The coin amount must be more than zero"),
  tooLarge: msg("The coin amount is too large"),
});
/** A positive naira amount: a decimal string with up to 2 places. */
export const nairaAmountSchema = amountSchema(NAIRA_SCALE, MAX_NAIRA_AMOUNT, {
  notText: msg('Enter the naira amount as a decimal string, e.g. "1500.00"'),
  tooPrecise: msg("Enter a naira amount with at most 2 decimal places"),
  notPositive: msg("The naira amount must be more than zero"),
  tooLarge: msg("The naira amount is too large"),
});

export const coinSymbolSchema = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(COIN_SYMBOLS, { error: msg("Unknown coin") }));

export const coinSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  listed: z.boolean(),
  /** The merchant's fee on orders created now, in basis points (a new merchant's first 30 days are free). */
  fee_bps: z.number().int(),
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

/** A fee rate in whole basis points, 0 to 1000 (10 %). */
export const feeBpsSchema = z
  .number({ error: msg("Enter the fee as a whole number of basis points") })
  .int(msg("Enter the fee as a whole number of basis points"))
  .min(0, msg("The fee cannot be negative"))
  .max(MAX_FEE_BPS, msg("The fee can be at most 10%"));

export const adminCoinSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  listed: z.boolean(),
  /** The merchant's fee on orders created from now on, in basis points (50 = 0.5 %). */
  fee_bps: z.number().int(),
  /** Fees the platform has earned in this coin (the fee account's balance). */
  fee_income: z.string(),
});
export type AdminCoin = z.infer<typeof adminCoinSchema>;

export const adminCoinListResponse = z.object({ coins: z.array(adminCoinSchema) });
export const adminCoinResponse = z.object({ coin: adminCoinSchema });

export const updateCoinRequest = z
  .strictObject({
    listed: z.boolean().optional(),
    fee_bps: feeBpsSchema.optional(),
  })
  .refine((v) => v.listed !== undefined || v.fee_bps !== undefined, msg("Send listed or fee_bps"));

export const pricePoint = z.object({ price: z.string(), coin_amount: z.string(), completed_at: z.string() });
export const priceHistoryResponse = z.object({ symbol: z.string(), points: z.array(pricePoint) });
export const priceHistoryQuery = z.strictObject({ days: z.coerce.number().int().min(1).max(90).default(7) });
