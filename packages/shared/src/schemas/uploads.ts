import { msg } from "../i18n/languages.js";
import { z } from "zod";
import { nairaAmountSchema } from "./coins.js";
import { UPLOAD_IMAGE_TYPES, PAYMENT_PROOF_NOTE_MAX_CHARS } from "../uploads/constants.js";

/** What an upload can be attached to; access to it follows the thing it is attached to. */
export const UPLOAD_ATTACHMENTS = ["chat_message", "payment_proof", "appeal_evidence"] as const;
export type UploadAttachment = (typeof UPLOAD_ATTACHMENTS)[number];

export const uploadSchema = z.object({
  id: z.string(),
  content_type: z.enum(UPLOAD_IMAGE_TYPES),
  byte_size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  sha256: z.string(),
  /** GET it with the session cookies; served only to those who may see what it is attached to. */
  url: z.string(),
  created_at: z.string(),
});
export type Upload = z.infer<typeof uploadSchema>;
export const uploadResponse = z.object({ upload: uploadSchema });

/** The image a chat message or a proof carries (no bytes: fetch `url`). */
export const imageRefSchema = z.object({
  id: z.string(),
  url: z.string(),
  content_type: z.enum(UPLOAD_IMAGE_TYPES),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageRef = z.infer<typeof imageRefSchema>;

// ---- Payment proofs (the buyer's proof of a naira transfer; "payment tickets") ----

export const addPaymentProofRequest = z.strictObject({
  upload_id: z.string().uuid("upload_id must be an upload id"),
  /** Optional: the naira amount sent, as the buyer states it. */
  amount: nairaAmountSchema.optional(),
  /** Optional: the bank's transfer reference or a short note. */
  reference: z
    .string()
    .trim()
    .max(PAYMENT_PROOF_NOTE_MAX_CHARS, msg("A reference can be at most 200 characters."))
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type AddPaymentProofRequest = z.input<typeof addPaymentProofRequest>;

export const paymentProofSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  uploader_id: z.string(),
  uploader_username: z.string(),
  amount: z.string().nullable(),
  reference: z.string().nullable(),
  image: imageRefSchema,
  /** The chat message that shows the proof in the order's chat. */
  message_id: z.string().nullable(),
  created_at: z.string(),
});
export type PaymentProof = z.infer<typeof paymentProofSchema>;
export const paymentProofResponse = z.object({ proof: paymentProofSchema });
export const paymentProofsResponse = z.object({ proofs: z.array(paymentProofSchema) });
export type PaymentProofsResponse = z.infer<typeof paymentProofsResponse>;
