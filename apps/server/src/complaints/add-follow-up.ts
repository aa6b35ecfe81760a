import { eq, sql } from "drizzle-orm";
import type { ComplaintDetail } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { helpTicketMessages, helpTickets } from "../db/schema.js";
import { auditComplaint } from "./audit.js";
import { transact } from "../db/transact.js";
import { getComplaint } from "./get-complaint.js";
import { assertNotClosed, lockComplaint } from "./load-complaint.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";

/** The owner adds to their complaint's thread while it is not closed. */
export async function addFollowUp(options: { db: Db; userId: string; complaintId: string; message: string }): Promise<ComplaintDetail> {
  const { db, userId, complaintId, message } = options;
  return transact(db, async (tx) => {
    const ticket = await lockComplaint(tx, complaintId, userId);
    assertNotClosed(ticket);
    await tx.insert(helpTicketMessages).values({ ticketId: ticket.id, authorId: userId, authorType: "user", message });
    await tx
      .update(helpTickets)
      .set({ updatedAt: sql`now()` })
      .where(eq(helpTickets.id, ticket.id));
    await auditComplaint(tx, userId, "complaint.follow_up", ticket.id, { user_id: userId });
    await adminQueueChanged(tx, "complaints");
    return getComplaint({ db: tx, callerId: userId, complaintId: ticket.id, asAdmin: false });
  });
}
