import { msg } from "../i18n/languages.js";
import { z } from "zod";
import { ORDER_STATUSES } from "../orders/state-machine.js";
import { coinSymbolSchema } from "./coins.js";
import { orderSchema } from "./orders.js";
import { paymentProofSchema } from "./uploads.js";

const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
};
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg("Use a date like 2026-01-31"))
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), msg("Use a real date"));

/** /tickets: payment proofs on the merchant's own orders, newest first. */
export const listTicketsQuery = z.strictObject({
  status: z.enum(ORDER_STATUSES, { error: msg("Choose an order status") }).optional(),
  ...pageFields,
});

/** /tickets-payment-view: every payment proof, by order status, coin, upload day and person. */
export const adminListTicketsQuery = z
  .strictObject({
    status: z.enum(ORDER_STATUSES, { error: msg("Choose an order status") }).optional(),
    coin: coinSymbolSchema.optional(),
    /** Uploaded on or after this day (UTC). */
    from: day.optional(),
    /** Uploaded on or before this day (UTC). */
    to: day.optional(),
    /** A username (or the start of one) of the buyer or seller. */
    user: z.string().trim().min(1).max(64).optional(),
    ...pageFields,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], message: msg("The end date is before the start date") });

/** One payment ticket: the proof, the order it belongs to (as the caller sees it), and its appeal. */
export const paymentTicketSchema = z.object({
  proof: paymentProofSchema,
  order: orderSchema,
});
export type PaymentTicket = z.infer<typeof paymentTicketSchema>;
export const paymentTicketPageSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  tickets: z.array(paymentTicketSchema),
});
export type PaymentTicketPage = z.infer<typeof paymentTicketPageSchema>;
