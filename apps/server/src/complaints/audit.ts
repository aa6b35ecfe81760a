import type { Tx } from "../db/client.js";
import { recordAudit } from "../audit/record-audit.js";

/** The audit row of an action on a complaint (append-only audit_log), in the action's transaction. */
export async function auditComplaint(tx: Tx, actorId: string, action: string, ticketId: string, data: Record<string, unknown>): Promise<void> {
  await recordAudit(tx, { actorId, action, targetType: "help_ticket", targetId: ticketId, data });
}
