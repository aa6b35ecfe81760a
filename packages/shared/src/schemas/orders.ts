import { FEE_WAIVERS } from "../fees/fees.js";
import { msg } from "../i18n/languages.js";
import { z } from "zod";
import { ORDER_ACTIONS, ORDER_STATUSES } from "../orders/state-machine.js";
import { coinAmountSchema, coinSymbolSchema, nairaAmountSchema } from "./coins.js";
import { paymentDetailsSchema } from "./offers.js";
import { TRADE_SIDES } from "../offers/constants.js";
import { twoFactorCodeSchema } from "./security.js";
import { pageQuery, pageSchema } from "./wallet.js";
import { ORDER_LIST_ROLES, NOTIFICATION_TYPES } from "../orders/constants.js";

/** Exactly one of naira_amount or coin_amount; the other follows from the frozen price. */
const amountFields = {
  naira_amount: nairaAmountSchema.optional(),
  coin_amount: coinAmountSchema.optional(),
};
type AmountFields = { naira_amount?: string; coin_amount?: string; side: "buy" | "sell"; payout?: unknown };

function checkOrderShape(v: AmountFields, ctx: z.RefinementCtx): void {
  if ((v.naira_amount === undefined) === (v.coin_amount === undefined)) {
    ctx.addIssue({ code: "custom", path: ["naira_amount"], message: msg("Enter the amount either in naira or in coins") });
  }
  if (v.side === "sell" && v.payout === undefined) {
    ctx.addIssue({ code: "custom", path: ["payout"], message: msg("Enter the bank account the naira should be paid to") });
  }
  if (v.side === "buy" && v.payout !== undefined) {
    ctx.addIssue({ code: "custom", path: ["payout"], message: msg("Bank details are only needed when you sell") });
  }
}

const side = z.enum(TRADE_SIDES, { error: "side must be buy or sell" });

/** An order against a chosen merchant's online offer (/trade-merchants). side is the creator's. */
export const createOrderRequest = z
  .strictObject({
    merchant_id: z.string().uuid(msg("Choose a merchant")),
    coin: coinSymbolSchema,
    side,
    ...amountFields,
    /** The creator's bank account, when the creator sells and so receives the naira. */
    payout: paymentDetailsSchema.optional(),
    /** The terms the trader saw: the price per coin on their side and the offer's version. A changed offer is a conflict. */
    price: nairaAmountSchema.optional(),
    offer_version: z
      .number({ error: "offer_version must be a whole number" })
      .int("offer_version must be a whole number")
      .positive("offer_version must be a whole number")
      .optional(),
  })
  .superRefine(checkOrderShape)
  .superRefine((v, ctx) => {
    if ((v.price === undefined) !== (v.offer_version === undefined)) {
      ctx.addIssue({ code: "custom", path: ["price"], message: "Send the price together with offer_version" });
    }
  });
export type CreateOrderRequest = z.input<typeof createOrderRequest>;

/** An open request on /marketplace; price defaults to the best online offer's price now. */
export const createOpenRequestRequest = z
  .strictObject({
    coin: coinSymbolSchema,
    side,
    ...amountFields,
    price: nairaAmountSchema.optional(),
    payout: paymentDetailsSchema.optional(),
  })
  .superRefine(checkOrderShape);
export type CreateOpenRequestRequest = z.input<typeof createOpenRequestRequest>;

export const emptyRequest = z.strictObject({});
/** The seller's release: with two-factor on, a fresh code (DESIGN §6). */
export const confirmPaymentRequest = z.strictObject({ two_factor_code: twoFactorCodeSchema.optional() });
export type ConfirmPaymentRequest = z.input<typeof confirmPaymentRequest>;
export const cancelOrderRequest = z.strictObject({ reason: z.string().trim().max(500).optional() });
export const openAppealRequest = z.strictObject({
  reason: z
    .string({ error: msg("Tell us what went wrong") })
    .trim()
    .min(1, msg("Tell us what went wrong"))
    .max(2000),
});
export const resolveAppealRequest = z.strictObject({
  outcome: z.enum(["release", "refund"], { error: "outcome must be release or refund" }),
  reason: z
    .string({ error: msg("Write the reason both parties will see") })
    .trim()
    .min(1, msg("Write the reason both parties will see"))
    .max(2000),
});
export const rateOrderRequest = z.strictObject({
  stars: z
    .number({ error: "stars must be a whole number from 1 to 5" })
    .int("stars must be a whole number from 1 to 5")
    .min(1, "stars must be at least 1")
    .max(5, "stars must be at most 5"),
});

export const orderPartySchema = z.object({ id: z.string(), username: z.string(), reputation_score: z.string(), total_trades: z.number().int() });

export const appealSchema = z.object({
  id: z.string(),
  opened_by: z.string().nullable(),
  reason: z.string(),
  created_at: z.string(),
  outcome: z.enum(["release", "refund", "withdrawn"]).nullable(),
  resolution_reason: z.string().nullable(),
  resolved_at: z.string().nullable(),
});

export const orderSchema = z.object({
  id: z.string(),
  coin: z.string(),
  /** The creator's side. */
  side: z.enum(TRADE_SIDES),
  /** The caller's own side, null for admins and viewers of an open request. */
  my_side: z.enum(TRADE_SIDES).nullable(),
  status: z.enum(ORDER_STATUSES),
  current_step: z.number().int(),
  is_active: z.boolean(),
  is_open_request: z.boolean(),
  price: z.string(),
  coin_amount: z.string(),
  naira_amount: z.string(),
  /** The coin's fee rate when the order was created, in basis points (docs/TRADING.md "Fees"). */
  fee_bps: z.number().int(),
  /** The merchant's fee in coins, fixed at creation (for an open request, at its claim): 0 with a waiver. */
  fee_amount: z.string(),
  /** Why the fee is 0 although the rate is not: the merchant's first 30 days. */
  fee_waiver: z.enum(FEE_WAIVERS).nullable(),
  creator: orderPartySchema,
  merchant: orderPartySchema.nullable(),
  buyer_id: z.string().nullable(),
  seller_id: z.string().nullable(),
  /** The seller's bank account the buyer pays naira into; participants only. */
  payment_details: paymentDetailsSchema.nullable(),
  escrow_locked: z.boolean(),
  /** The window running now and when it ends; the order page counts down to it. */
  deadline: z.object({ window: z.enum(["acceptance", "payment", "confirmation"]), ends_at: z.string() }).nullable(),
  allowed_actions: z.array(z.enum(ORDER_ACTIONS)),
  can_rate: z.boolean(),
  my_rating: z.number().int().nullable(),
  appeal: appealSchema.nullable(),
  close_reason: z.string().nullable(),
  created_at: z.string(),
  accepted_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderResponse = z.object({ order: orderSchema });

export const listOrdersQuery = z.strictObject({
  /** Only the orders the caller created, or only those where the caller is the merchant; both when absent. */
  role: z.enum(ORDER_LIST_ROLES, { error: "role must be creator or merchant" }).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  coin: coinSymbolSchema.optional(),
  /** The caller's own side. */
  side: side.optional(),
  active: z
    .enum(["true", "false"])
    .transform((s) => s === "true")
    .optional(),
  ...pageQuery,
});
export const orderListResponse = pageSchema.extend({ orders: z.array(orderSchema) });

export const adminListOrdersQuery = z.strictObject({ status: z.enum(ORDER_STATUSES).optional(), ...pageQuery });

export const marketplaceRequestSchema = z.object({
  id: z.string(),
  coin: z.string(),
  side: z.enum(TRADE_SIDES),
  price: z.string(),
  coin_amount: z.string(),
  naira_amount: z.string(),
  creator: orderPartySchema,
  created_at: z.string(),
  accept_by: z.string(),
});
export type MarketplaceRequest = z.infer<typeof marketplaceRequestSchema>;
export const marketplaceResponse = z.object({ requests: z.array(marketplaceRequestSchema) });

export const transactionHistoryQuery = z.strictObject({
  coin: coinSymbolSchema.optional(),
  type: side.optional(),
  status: z.string().trim().max(20).optional(),
  ...pageQuery,
});
export const transactionSchema = z.object({
  id: z.string(),
  order_id: z.string().nullable(),
  crypto_type: z.string(),
  transaction_type: z.enum(TRADE_SIDES),
  amount: z.string(),
  total_amount: z.string(),
  status: z.string(),
  completed_at: z.string().nullable(),
});
export const transactionHistoryResponse = pageSchema.extend({ transactions: z.array(transactionSchema) });

/** An order notice's details, from the recipient's side of the trade (decimal strings, as everywhere). */
export const notificationDetailsSchema = z.object({
  side: z.enum(TRADE_SIDES),
  coin: z.string(),
  coin_amount: z.string(),
  naira_amount: z.string(),
  /** The other party's username; null while an open request has no merchant. */
  counterparty: z.string().nullable(),
});
export type NotificationDetails = z.infer<typeof notificationDetailsSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  is_read: z.boolean(),
  order_id: z.string().nullable(),
  /** Order notices only: what the order is, under the spec's text. */
  details: notificationDetailsSchema.nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListResponse = pageSchema.extend({ notifications: z.array(notificationSchema), unread: z.number().int() });
export const listNotificationsQuery = z.strictObject({ unread: z.enum(["true", "false"]).optional(), ...pageQuery });
export const markNotificationsReadRequest = z.strictObject({ ids: z.array(z.string().uuid()).max(500).optional() });
