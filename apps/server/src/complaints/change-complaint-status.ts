import { and, eq, sql } from "drizzle-orm";
import {
  COMPLAINT_NEXT_MOVES,
  COMPLAINT_STATUS_NOTICES,
  COMPLAINT_STATUS_WORDS,
  COMPLAINT_TEXTS,
  COMPLAINT_TRANSITIONS,
  fillTemplate,
  notificationPreview,
  type ComplaintDetail,
  type ComplaintStatus,
} from "@p2p/shared";
import type { Db } from "../db/client.js";
import { helpTicketMessages, helpTickets } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { transact } from "../db/transact.js";
import { notify } from "../notifications/notify.js";
import { auditComplaint } from "./audit.js";
import { getComplaint } from "./get-complaint.js";
import { lockComplaint, subjectPreview } from "./load-complaint.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";

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
      const next = COMPLAINT_NEXT_MOVES[from];
      const current = COMPLAINT_STATUS_WORDS[from];
      throw new AppError(
        "CONFLICT",
        next ? fillTemplate(COMPLAINT_TEXTS.cannotMoveTo, { status: current, next }) : fillTemplate(COMPLAINT_TEXTS.cannotMove, { status: current }),
      );
    }
    const [moved] = await tx
      .update(helpTickets)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(helpTickets.id, ticket.id), eq(helpTickets.status, from)))
      .returning({ id: helpTickets.id });
    if (!moved) throw new AppError("CONFLICT", COMPLAINT_TEXTS.changedMeanwhile);
    await tx
      .insert(helpTicketMessages)
      .values({ ticketId: ticket.id, authorId: adminId, authorType: "admin", kind: "status", status, message: message ?? "" });
    const notice = COMPLAINT_STATUS_NOTICES[status];
    const subject = subjectPreview(ticket.subject);
    await notify(tx, [
      {
        userId: ticket.userId,
        type: "admin_feedback",
        title: notice.title,
        message: message ? fillTemplate(notice.withNote, { subject, note: notificationPreview(message) }) : fillTemplate(notice.message, { subject }),
      },
    ]);
    await auditComplaint(tx, adminId, "complaint.status_changed", ticket.id, { user_id: ticket.userId, from, to: status, note: message ?? null });
    await adminQueueChanged(tx, "complaints");
    return getComplaint({ db: tx, callerId: adminId, complaintId: ticket.id, asAdmin: true });
  });
}
