import { msg } from "../i18n/languages.js";
import { z } from "zod";
import { ROLES } from "../roles.js";
import { emailSchema, phoneSchema } from "./auth.js";
import { coinSymbolSchema } from "./coins.js";
import { paymentDetailsSchema } from "./offers.js";
import { pageQuery, pageSchema } from "./wallet.js";

export const MERCHANT_APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type MerchantApplicationStatus = (typeof MERCHANT_APPLICATION_STATUSES)[number];

/** The ID document photo: checked again by its bytes on the server. */
export const ID_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ID_DOCUMENT_MAX_LABEL = "5 MB";
export const ID_DOCUMENT_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const REVIEW_REASON_MAX_CHARS = 500;
export const ID_DOCUMENT_TOO_LARGE = msg("The ID document image can be at most 5 MB");
export const ID_DOCUMENT_NOT_AN_IMAGE = msg("The ID document must be a PNG, JPEG or WebP image");

/** A required text field, with its two messages (whole sentences: word order differs between languages). */
const text = (max: number, messages: { required: string; tooLong: string }) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.tooLong);

/** base64 grows 4/3; the data URL's prefix is short. */
const DATA_URL_MAX_CHARS = Math.ceil((ID_DOCUMENT_MAX_BYTES * 4) / 3) + 64;

/** The merchant application form (DESIGN §5); the ID document travels as a data URL. */
export const merchantApplicationRequest = z.strictObject({
  business_name: text(100, { required: msg("Business name is required"), tooLong: msg("Business name is too long") }).refine(
    (s) => s.length >= 2,
    msg("Business name is too short"),
  ),
  contact_name: text(100, { required: msg("Contact person is required"), tooLong: msg("Contact person is too long") }),
  contact_phone: phoneSchema,
  contact_email: emailSchema,
  coins: z
    .array(coinSymbolSchema, { error: msg("Choose the coins you will trade") })
    .min(1, msg("Choose at least one coin to trade"))
    .max(20, msg("Too many coins"))
    .refine((coins) => new Set(coins).size === coins.length, msg("Each coin can be chosen once")),
  bank_name: paymentDetailsSchema.shape.bank_name,
  account_number: paymentDetailsSchema.shape.account_number,
  account_name: paymentDetailsSchema.shape.account_name,
  id_document: z
    .string({ error: msg("Attach a photo of your ID document") })
    .min(1, msg("Attach a photo of your ID document"))
    .max(DATA_URL_MAX_CHARS, ID_DOCUMENT_TOO_LARGE)
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/, ID_DOCUMENT_NOT_AN_IMAGE),
  accept_agreement: z.literal(true, { error: msg("Please accept the Merchant Agreement to apply") }),
});
export type MerchantApplicationRequest = z.input<typeof merchantApplicationRequest>;

export const merchantApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(MERCHANT_APPLICATION_STATUSES),
  business_name: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
  contact_email: z.string(),
  coins: z.array(z.string()),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  reject_reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type MerchantApplication = z.infer<typeof merchantApplicationSchema>;
/** The caller's latest application, if any. */
export const myMerchantApplicationResponse = z.object({ application: merchantApplicationSchema.nullable() });

export const adminMerchantApplicationSchema = merchantApplicationSchema.extend({
  user: z.object({ id: z.string(), username: z.string(), full_name: z.string(), email: z.string(), role: z.enum(ROLES) }),
  id_document_type: z.enum(ID_DOCUMENT_TYPES),
  /** GET with the admin's session: the image bytes. */
  id_document_url: z.string(),
  reviewed_by: z.string().nullable(),
});
export type AdminMerchantApplication = z.infer<typeof adminMerchantApplicationSchema>;

export const adminMerchantApplicationsQuery = z.strictObject({
  status: z.enum(MERCHANT_APPLICATION_STATUSES).default("pending"),
  ...pageQuery,
});
export const adminMerchantApplicationListResponse = pageSchema.extend({ applications: z.array(adminMerchantApplicationSchema) });
export const adminMerchantApplicationResponse = z.object({ application: adminMerchantApplicationSchema });

/** A rejection, a suspension: the reason the person is told. */
export const reviewReasonRequest = z.strictObject({
  reason: z
    .string({ error: msg("Give a reason") })
    .trim()
    .min(3, msg("Give a reason (at least 3 characters)"))
    .max(REVIEW_REASON_MAX_CHARS, msg("A reason can be at most 500 characters")),
});

export const merchantApplicationDocumentUrl = (id: string) => `/api/admin/merchant-applications/${id}/document`;
