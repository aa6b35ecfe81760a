import { msg } from "../i18n/languages.js";
import { z } from "zod";
import { ORDER_STATUSES } from "../orders/state-machine.js";
import { imageRefSchema } from "./uploads.js";

/** Open: the order is disputed now. Closed: every appeal on it ended (resolved or withdrawn). */
export const APPEAL_STATES = ["open", "closed"] as const;
export type AppealState = (typeof APPEAL_STATES)[number];
export const APPEAL_OUTCOMES = ["release", "refund", "withdrawn"] as const;
export type AppealOutcomeKind = (typeof APPEAL_OUTCOMES)[number];

/** Images a party may attach to one appeal. */
export const APPEAL_EVIDENCE_MAX = 5;

export const listAppealsQuery = z.strictObject({
  state: z.enum(APPEAL_STATES, { error: "state must be open or closed" }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const addAppealEvidenceRequest = z.strictObject({
  upload_ids: z
    .array(z.string().uuid("upload_ids must be upload ids"), { error: "upload_ids must be a list of upload ids" })
    .min(1, msg("Attach at least one image"))
    .max(APPEAL_EVIDENCE_MAX, msg("Attach at most 5 images")),
});
export type AddAppealEvidenceRequest = z.input<typeof addAppealEvidenceRequest>;

const person = z.object({ id: z.string(), username: z.string() });

export const appealEvidenceSchema = z.object({
  id: z.string(),
  appeal_id: z.string(),
  added_by: person.nullable(),
  image: imageRefSchema,
  created_at: z.string(),
});
export type AppealEvidence = z.infer<typeof appealEvidenceSchema>;

/** One disputed order as /appeals lists it, with its latest appeal. */
export const appealSummarySchema = z.object({
  order_id: z.string(),
  coin: z.string(),
  coin_amount: z.string(),
  naira_amount: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  /** The caller's part in the order; null for an admin looking on. */
  my_role: z.enum(["buyer", "seller"]).nullable(),
  buyer: person.nullable(),
  seller: person.nullable(),
  appeal: z.object({
    id: z.string(),
    reason: z.string(),
    /** Null when the system opened it: the confirmation window ran out, or a party was suspended. */
    opened_by: person.nullable(),
    created_at: z.string(),
    outcome: z.enum(APPEAL_OUTCOMES).nullable(),
    resolution_reason: z.string().nullable(),
    resolved_by: person.nullable(),
    resolved_at: z.string().nullable(),
  }),
  evidence_count: z.number().int(),
  /** Appeals on this order so far (an appeal withdrawn and opened again counts twice). */
  appeal_count: z.number().int(),
});
export type AppealSummary = z.infer<typeof appealSummarySchema>;
export const appealPageSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  appeals: z.array(appealSummarySchema),
});
export type AppealPage = z.infer<typeof appealPageSchema>;

export const APPEAL_TIMELINE_KINDS = ["opened", "evidence", "message", "withdrawn", "resolved"] as const;
export const appealTimelineEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(APPEAL_TIMELINE_KINDS),
  at: z.string(),
  actor: person.nullable(),
  /** The reason, the chat message, or the resolution's reason. */
  text: z.string().nullable(),
  outcome: z.enum(APPEAL_OUTCOMES).nullable(),
  image: imageRefSchema.nullable(),
});
export type AppealTimelineEntry = z.infer<typeof appealTimelineEntrySchema>;

export const appealDetailSchema = z.object({
  appeal: appealSummarySchema,
  evidence: z.array(appealEvidenceSchema),
  timeline: z.array(appealTimelineEntrySchema),
  /** Whether the caller may attach evidence now (a party, while the appeal is open). */
  can_add_evidence: z.boolean(),
});
export type AppealDetail = z.infer<typeof appealDetailSchema>;
