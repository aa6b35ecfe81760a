import { msg } from "../i18n/languages.js";
import { z } from "zod";
import { ROLES } from "../roles.js";
import { ORDER_STATUSES } from "../orders/state-machine.js";
import { adminUserSchema } from "./admin.js";
import { pageQuery, pageSchema, walletBalanceSchema } from "./wallet.js";

/** One account as the admin's user page shows it. */
export const adminUserDetailResponse = z.object({
  user: adminUserSchema.extend({
    email_confirmed: z.boolean(),
    suspended_at: z.string().nullable(),
    /** From the latest suspension's audit row. */
    suspension_reason: z.string().nullable(),
    /** An admin role proposed for this account by one admin, waiting for another to approve it. */
    admin_proposal: z.object({ proposed_by_id: z.string(), proposed_by: z.string(), created_at: z.string() }).nullable(),
  }),
  balances: z.array(walletBalanceSchema.pick({ coin: true, available: true, in_escrow: true, withdrawing: true })),
  open_orders: z.number().int(),
  recent_orders: z.array(
    z.object({
      id: z.string(),
      coin: z.string(),
      /** The creator's side. */
      side: z.string(),
      status: z.enum(ORDER_STATUSES),
      /** How this user takes part: the creator or the merchant. */
      relation: z.enum(["creator", "merchant"]),
      coin_amount: z.string(),
      naira_amount: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailResponse>;

export const changeUserRoleRequest = z.strictObject({ role: z.enum(ROLES, { error: msg("Choose user, merchant or admin") }) });

/**
 * The account's role after the change. Admin takes two admins: the first one's choice leaves the
 * role as it was with `admin_pending`, a different admin's choice makes it.
 */
export const changeUserRoleResponse = z.object({ role: z.enum(ROLES), admin_pending: z.boolean() });
export type ChangeUserRoleResult = z.infer<typeof changeUserRoleResponse>;

/** What a suspension did to the account's open trades. */
export const suspendUserResponse = z.object({
  orders_cancelled: z.number().int(),
  orders_disputed: z.number().int(),
  offers_taken_offline: z.number().int(),
});
export type SuspendUserResult = z.infer<typeof suspendUserResponse>;

/** The admin actions the audit log names (money movements and order steps are logged too). */
export const ADMIN_AUDIT_ACTIONS = [
  "merchant_application.approved",
  "merchant_application.rejected",
  "user.role_changed",
  "user.admin_proposed",
  "user.admin_proposal_withdrawn",
  "user.suspended",
  "user.restored",
  "deposit.confirmed",
  "deposit.rejected",
  "withdrawal.sent",
  "withdrawal.rejected",
  "order.resolve_release",
  "order.resolve_refund",
  "coin.updated",
  /** A coin's fee rate, with the old and new rates in basis points. */
  "coin.fee_changed",
  "complaint.replied",
  "complaint.status_changed",
  "live_chat.replied",
  "live_chat.closed",
  "order_chat.admin_message",
  /** Written by migration 0016: one phone number on several accounts, kept by one of them. */
  "user.phone_number_shared",
  /** An admin downloaded a CSV export (data: its kind and filters). */
  "export.downloaded",
  /** A proof-of-liabilities snapshot built on demand (data: coin, root hash, total, leaf count). */
  "liabilities.snapshot_built",
] as const;

export const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg("Use a date like 2026-01-31"))
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, msg("Not a real date"));

/** Inclusive UTC days, the start not after the end: the refinement of any query with `from` and `to`. */
export const dayRange: [(q: { from?: string; to?: string }) => boolean, { message: string; path: string[] }] = [
  (q) => !q.from || !q.to || q.from <= q.to,
  { message: msg("The start date must be before the end date"), path: ["from"] },
];

/** The audit log's filters, shared by its page and its CSV export. */
export const auditLogFilters = z.strictObject({
  /** An action, or its prefix ending in "." ("user." for every user action). */
  action: z.string().trim().min(1).max(100).optional(),
  /** The admin (or person) who acted: a user id or a username. */
  actor: z.string().trim().min(1).max(100).optional(),
  /** What was acted on: a user id or username (matching rows about that user), or any target id. */
  target: z.string().trim().min(1).max(100).optional(),
  /** Inclusive days, UTC. */
  from: isoDay.optional(),
  to: isoDay.optional(),
});

export const auditLogQuery = auditLogFilters.extend(pageQuery).refine(...dayRange);

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor: z.object({ id: z.string(), username: z.string().nullable() }).nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  /** The target user's username, when the target is an account. */
  target_username: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogResponse = pageSchema.extend({ entries: z.array(auditEntrySchema) });
