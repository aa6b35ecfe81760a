import { NO_SUCH, COMPLAINT_TEXTS } from "@p2p/shared";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { helpTickets } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { requireUuid } from "../wallet/ids.js";

export type TicketRow = typeof helpTickets.$inferSelect;

/** The complaint, locked for this transaction; another's (when ownerId is given) is a 404. */
export async function lockComplaint(tx: Tx, id: string, ownerId?: string): Promise<TicketRow> {
  requireUuid(id, "complaint");
  const [row] = await tx
    .select()
    .from(helpTickets)
    .where(and(eq(helpTickets.id, id), ownerId ? eq(helpTickets.userId, ownerId) : undefined))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND", NO_SUCH.complaint);
  return row;
}

export function assertNotClosed(row: TicketRow): void {
  if (row.status === "closed") throw new AppError("CONFLICT", COMPLAINT_TEXTS.closed);
}

/** Quotes a subject inside a notification, cut short so the notice stays one line. */
export const subjectPreview = (subject: string) => (subject.length > 60 ? `${subject.slice(0, 60)}...` : subject);
