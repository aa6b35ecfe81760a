import type { Tx } from "../db/client.js";
import { auditLog } from "../db/schema.js";
import { notify, type NewNotification } from "../notifications/notify.js";

export type AuditInput = {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  /** What the action decided; `user_id` names the account it concerns, for the log's user filter. */
  data?: Record<string, unknown>;
};

/** One append-only audit row (the table refuses UPDATE and DELETE), in the caller's transaction. */
export async function recordAudit(tx: Tx, input: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({ ...input, data: input.data ?? {} });
}

/**
 * Every admin action leaves the same two things in its transaction: the audit row, and the
 * affected person's notification (admin_feedback, or merchant_application for a decision on one).
 */
export async function recordAdminAction(tx: Tx, input: AuditInput & { notify?: NewNotification | null }): Promise<void> {
  const { notify: notice, ...audit } = input;
  await recordAudit(tx, audit);
  if (notice) await notify(tx, [notice]);
}
