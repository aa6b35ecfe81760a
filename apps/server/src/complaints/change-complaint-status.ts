import { and, eq, sql } from "drizzle-orm";
import { COMPLAINT_STATUS_LABELS, COMPLAINT_TRANSITIONS, notificationPreview, type ComplaintDetail, type ComplaintStatus } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { helpTicketMessages, helpTickets } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { transact } from "../ledger/transact.js";
import { notify } from "../notifications/notify.js";
import { auditComplaint } from "./audit.js";
import { getComplaint } from "./get-complaint.js";
import { lockComplaint, subjectPreview } from "./load-complaint.js";

const NOTICE: Record<ComplaintStatus, string> = {
  open: "is open again",
  in_review: "is now being reviewed by our team",
  resolved: "has been resolved",
  closed: "has been closed",
};

/**
 * An admin moves a complaint on: open → in_review → resolved or closed, nothing else. The row is
 * locked and compared before it changes, so two admins racing cannot both move it. The owner is
 * notified (admin_feedback) with the note, if any.
 */
export async function changeComplaintStatus(options: {
  db: Db;
  adminId: string;
  complaintId: string;
  status: ComplaintStatus;
  message?: string;
}): Promise<ComplaintDetail> {
  const { db, adminId, complaintId, status, message } = options;
  return transact(db, async (tx) => {
    const ticket = await lockComplaint(tx, complaintId);
    const from = ticket.status as ComplaintStatus;
    if (!COMPLAINT_TRANSITIONS[from].includes(status)) {
      const allowed = COMPLAINT_TRANSITIONS[from].map((s) => COMPLAINT_STATUS_LABELS[s]);
      throw new AppError(
        "CONFLICT",
        `This complaint is ${COMPLAINT_STATUS_LABELS[from].toLowerCase()}; ` +
          (allowed.length ? `it can only move to ${allowed.join(" or ").toLowerCase()}.` : "it cannot change any more."),
      );
    }
    const [moved] = await tx
      .update(helpTickets)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(helpTickets.id, ticket.id), eq(helpTickets.status, from)))
      .returning({ id: helpTickets.id });
    if (!moved) throw new AppError("CONFLICT", "This complaint changed meanwhile. Reload it and try again.");
    await tx.insert(helpTicketMessages).values({ ticketId: ticket.id, authorId: adminId, authorType: "admin", kind: "status", status, message: message ?? "" });
    const note = message ? ` Note: ${notificationPreview(message)}` : "";
    await notify(tx, [
      {
        userId: ticket.userId,
        type: "admin_feedback",
        title: `Complaint ${COMPLAINT_STATUS_LABELS[status].toLowerCase()}`,
        message: `Your complaint "${subjectPreview(ticket.subject)}" ${NOTICE[status]}.${note}`,
      },
    ]);
    await auditComplaint(tx, adminId, "complaint.status_changed", ticket.id, { user_id: ticket.userId, from, to: status, note: message ?? null });
    return getComplaint({ db: tx, callerId: adminId, complaintId: ticket.id, asAdmin: true });
  });
}
