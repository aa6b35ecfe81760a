import { COMPLAINT_TRANSITIONS, type ComplaintDetail, NO_SUCH } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { AppError } from "../http/errors.js";
import { requireUuid } from "../wallet/ids.js";
import { complaintById, threadOf } from "./present.js";

/**
 * One complaint with its thread. The owner sees only their own (another's id is a 404, like one
 * that does not exist); an admin (`asAdmin`) sees any, with the statuses it may move to next.
 */
export async function getComplaint(options: { db: Db | Tx; callerId: string; complaintId: string; asAdmin: boolean }): Promise<ComplaintDetail> {
  const { db, callerId, complaintId, asAdmin } = options;
  requireUuid(complaintId, "complaint");
  const complaint = await complaintById(db, complaintId, asAdmin ? undefined : callerId);
  if (!complaint) throw new AppError("NOT_FOUND", NO_SUCH.complaint);
  return {
    complaint,
    thread: await threadOf(db, complaint.id),
    next_statuses: asAdmin ? [...COMPLAINT_TRANSITIONS[complaint.status]] : [],
    can_reply: complaint.status !== "closed",
  };
}
