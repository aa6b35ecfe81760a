import { z } from "zod";
import { msg } from "../i18n/languages.js";
import { COMPLAINT_CATEGORIES, COMPLAINT_PRIORITIES, COMPLAINT_STATUSES, DEFAULT_COMPLAINT_PRIORITY } from "../complaints/constants.js";

export const createComplaintRequest = z.strictObject({
  category: z.enum(COMPLAINT_CATEGORIES),
  priority: z.enum(COMPLAINT_PRIORITIES).default(DEFAULT_COMPLAINT_PRIORITY),
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(5000),
});
export type CreateComplaintRequest = z.input<typeof createComplaintRequest>;

export const complaintSchema = z.object({
  id: z.string(),
  category: z.enum(COMPLAINT_CATEGORIES),
  priority: z.enum(COMPLAINT_PRIORITIES),
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type Complaint = z.infer<typeof complaintSchema>;

const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
};

export const listComplaintsQuery = z.strictObject({ ...pageFields });
export const adminListComplaintsQuery = z.strictObject({
  status: z.enum(COMPLAINT_STATUSES, { error: "status must be open, in_review, resolved or closed" }).optional(),
  priority: z.enum(COMPLAINT_PRIORITIES, { error: "priority must be low, medium, high or urgent" }).optional(),
  category: z.enum(COMPLAINT_CATEGORIES, { error: msg("Choose a known category") }).optional(),
  ...pageFields,
});

const threadText = z
  .string({ error: msg("Write a message") })
  .trim()
  .min(1, msg("Write a message"))
  .max(5000, msg("Keep the message under 5000 characters"));
/** A follow-up by the complaint's owner, or a reply by an admin. */
export const complaintMessageRequest = z.strictObject({ message: threadText });
/** An admin moves a complaint on, with an optional note the user sees. */
export const complaintStatusRequest = z.strictObject({
  status: z.enum(["in_review", "resolved", "closed"], { error: "status must be in_review, resolved or closed" }),
  message: threadText.optional(),
});

export const complaintListItemSchema = complaintSchema.extend({
  status: z.enum(COMPLAINT_STATUSES),
  updated_at: z.string(),
  /** Replies by admins so far. */
  reply_count: z.number().int(),
  /** The filer, for the admin queue. */
  user: z.object({ id: z.string(), username: z.string() }),
});
export type ComplaintListItem = z.infer<typeof complaintListItemSchema>;
export const complaintPageSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  complaints: z.array(complaintListItemSchema),
});
export type ComplaintPage = z.infer<typeof complaintPageSchema>;

export const complaintThreadEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(["message", "status"]),
  author_type: z.enum(["user", "admin"]),
  /** The admin's or user's username; null when the account is gone. */
  author: z.string().nullable(),
  status: z.enum(COMPLAINT_STATUSES).nullable(),
  message: z.string(),
  created_at: z.string(),
});
export type ComplaintThreadEntry = z.infer<typeof complaintThreadEntrySchema>;
export const complaintDetailSchema = z.object({
  complaint: complaintListItemSchema,
  thread: z.array(complaintThreadEntrySchema),
  /** What an admin may move it to next (empty for the owner). */
  next_statuses: z.array(z.enum(COMPLAINT_STATUSES)),
  /** Whether the caller may still add to the thread. */
  can_reply: z.boolean(),
});
export type ComplaintDetail = z.infer<typeof complaintDetailSchema>;
