import { eq, sql } from "drizzle-orm";
import { notificationPreview, type ComplaintDetail, COMPLAINT_TEXTS, fillTemplate } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { helpTicketMessages, helpTickets } from "../db/schema.js";
import { transact } from "../db/transact.js";
import { notify } from "../notifications/notify.js";
import { auditComplaint } from "./audit.js";
import { getComplaint } from "./get-complaint.js";
import { assertNotClosed, lockComplaint, subjectPreview } from "./load-complaint.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";

/** An admin answers a complaint that is not closed; the owner is notified (admin_feedback). */
export async function replyToComplaint(options: { db: Db; adminId: string; complaintId: string; message: string }): Promise<ComplaintDetail> {
  const { db, adminId, complaintId, message } = options;
  return transact(db, async (tx) => {
    const ticket = await lockComplaint(tx, complaintId);
    assertNotClosed(ticket);
    await tx.insert(helpTicketMessages).values({ ticketId: ticket.id, authorId: adminId, authorType: "admin", message });
    await tx
      .update(helpTickets)
      .set({ updatedAt: sql`now()` })
      .where(eq(helpTickets.id, ticket.id));
    await notify(tx, [
      {
        userId: ticket.userId,
        type: "admin_feedback",
        title: COMPLAINT_TEXTS.replyTitle,
        message: fillTemplate(COMPLAINT_TEXTS.replied, { subject: subjectPreview(ticket.subject), message: notificationPreview(message) }),
      },
    ]);
    await auditComplaint(tx, adminId, "complaint.replied", ticket.id, { user_id: ticket.userId });
    await adminQueueChanged(tx, "complaints");
    return getComplaint({ db: tx, callerId: adminId, complaintId: ticket.id, asAdmin: true });
  });
}
