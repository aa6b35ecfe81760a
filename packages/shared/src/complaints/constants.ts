import { msg } from "../i18n/languages.js";

/*
 * A complaint's categories, priorities and statuses, apart from the request and answer schemas in
 * schemas/complaints.ts, so that a screen needing only these (the complaint form) does not load
 * and build the schemas.
 */

export const COMPLAINT_CATEGORIES = ["fraud", "payment", "unfair_trade", "communication", "platform", "dispute", "other"] as const;
export const COMPLAINT_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export const DEFAULT_COMPLAINT_PRIORITY = "medium";

/** A complaint's life (DESIGN §5): admins move it open → in_review → resolved or closed. */
export const COMPLAINT_STATUSES = ["open", "in_review", "resolved", "closed"] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
/** The only moves an admin may make; resolved and closed are final. */
export const COMPLAINT_TRANSITIONS: Record<ComplaintStatus, readonly ComplaintStatus[]> = {
  open: ["in_review"],
  in_review: ["resolved", "closed"],
  resolved: [],
  closed: [],
};
export const COMPLAINT_STATUS_LABELS: Record<ComplaintStatus, string> = {
  open: msg("Open"),
  in_review: msg("In review"),
  resolved: msg("Resolved"),
  closed: msg("Closed"),
};
export const COMPLAINT_CATEGORY_LABELS: Record<(typeof COMPLAINT_CATEGORIES)[number], string> = {
  fraud: msg("Fraud"),
  payment: msg("Payment"),
  unfair_trade: msg("Unfair trade"),
  communication: msg("Communication"),
  platform: msg("Platform"),
  dispute: msg("Dispute"),
  other: msg("Other"),
};
