import { msg } from "../i18n/languages.js";
import { z } from "zod";
import { NAIRA_SCALE, parseUnits } from "../money/decimal.js";
import { coinSymbolSchema, nairaAmountSchema } from "./coins.js";
import { TRADE_SIDES } from "../offers/constants.js";

/** A required text field, with its two messages (whole sentences: word order differs between languages). */
const text = (max: number, messages: { required: string; tooLong: string }) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.tooLong);

/** Where naira is paid: the seller's bank account. */
export const paymentDetailsSchema = z.strictObject({
  bank_name: text(100, { required: msg("Bank name is required"), tooLong: msg("Bank name is too long") }),
  account_number: z
    .string({ error: msg("Account number is required") })
    .trim()
    .regex(/^[0-9]{10}$/, msg("Enter the 10-digit NUBAN account number")),
  account_name: text(100, { required: msg("Account name is required"), tooLong: msg("Account name is too long") }),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

/** The merchant's "Price Update" form for one coin. */
export const upsertOfferRequest = z
  .strictObject({
    buy_price: nairaAmountSchema,
    sell_price: nairaAmountSchema,
    min_order: nairaAmountSchema,
    max_order: nairaAmountSchema,
    bank_name: paymentDetailsSchema.shape.bank_name,
    account_number: paymentDetailsSchema.shape.account_number,
    account_name: paymentDetailsSchema.shape.account_name,
    terms: z.string().trim().max(2000, msg("Terms are too long")).default(""),
    online: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    // Runs even when a field already failed: compare only amounts that parse.
    const naira = (s: string) => {
      try {
        return parseUnits(s, NAIRA_SCALE);
      } catch {
        return null;
      }
    };
    const [min, max, buy, sell] = [naira(v.min_order), naira(v.max_order), naira(v.buy_price), naira(v.sell_price)];
    if (min !== null && max !== null && min > max) {
      ctx.addIssue({ code: "custom", path: ["max_order"], message: msg("The maximum order must be at least the minimum order") });
    }
    if (buy !== null && sell !== null && buy > sell) {
      ctx.addIssue({ code: "custom", path: ["buy_price"], message: msg("Your buy price must not be above your sell price") });
    }
  });
export type UpsertOfferRequest = z.input<typeof upsertOfferRequest>;

export const offerSchema = z.object({
  id: z.string(),
  coin: z.string(),
  buy_price: z.string(),
  sell_price: z.string(),
  min_order: z.string(),
  max_order: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  terms: z.string(),
  online: z.boolean(),
  /** Moves on with every change of the terms a trader agrees to; an order names the version it saw. */
  version: z.number().int(),
  updated_at: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;
export const offerResponse = z.object({ offer: offerSchema });
export const myOffersResponse = z.object({
  offers: z.array(offerSchema),
  /** When the merchant's fee-free first 30 days end (ISO time); null if not known. */
  fee_free_until: z.string().nullable(),
});
export type MyOffersResponse = z.infer<typeof myOffersResponse>;

export const listOffersQuery = z.strictObject({
  coin: coinSymbolSchema,
  /** The caller's side: buy lists merchants selling (cheapest first), sell lists merchants buying (best first). */
  side: z.enum(TRADE_SIDES, { error: "side must be buy or sell" }),
});

/** One online merchant's offer as a trader sees it on /trade-merchants. */
export const marketOfferSchema = z.object({
  merchant_id: z.string(),
  username: z.string(),
  reputation_score: z.string(),
  total_trades: z.number().int(),
  /** Completed ÷ (completed + cancelled) of the merchant's orders, in percent to 1 decimal; null with none. */
  completion_rate: z.number().nullable(),
  /** The orders the rate is computed from (completed plus the cancels this person was answerable for). */
  completion_orders: z.number().int(),
  coin: z.string(),
  side: z.enum(TRADE_SIDES),
  /** The naira price per coin the caller trades at. */
  price: z.string(),
  min_order: z.string(),
  max_order: z.string(),
  bank_name: z.string(),
  terms: z.string(),
  /** The offer's version: sent back with an order, so a changed offer is a conflict, not a surprise. */
  offer_version: z.number().int(),
  /** Coins the merchant can still sell through this offer (balance minus what pending orders hold); null when the merchant buys. */
  available: z.string().nullable(),
  /** The merchant's fee rate on an order placed now, in basis points: 0 in their first 30 days. The trader never pays it. */
  fee_bps: z.number().int(),
  updated_at: z.string(),
});
export type MarketOffer = z.infer<typeof marketOfferSchema>;
export const listOffersResponse = z.object({ offers: z.array(marketOfferSchema) });
