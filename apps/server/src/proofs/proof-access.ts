import { EVIDENCE_TEXTS, STATUS_WORDS, fillTemplate } from "@p2p/shared";
import { AppError } from "../http/errors.js";
import { findOrder, orderNotFound } from "../orders/load-order.js";
import { isParticipant, type Caller, type OrderRow } from "../orders/order-actors.js";
import type { Db, Tx } from "../db/client.js";

/** The order whose proofs the caller may see: its participants and admins; anyone else 404. */
export async function loadProofOrder(db: Db | Tx, orderId: string, caller: Caller): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order || (caller.role !== "admin" && !isParticipant(order, caller.id))) throw orderNotFound();
  return order;
}

/** Statuses in which the buyer may attach a proof: after marking paid, and while under appeal. */
export const PROOF_STATUSES = ["in_progress", "disputed"] as const;

export const proofRefusedForStatus = (status: string) =>
  new AppError(
    "ORDER_CONFLICT",
    status === "pending" || status === "matched"
      ? EVIDENCE_TEXTS.proofTooEarly
      : fillTemplate(EVIDENCE_TEXTS.proofTooLate, {
          status: status === "completed" ? STATUS_WORDS.completed : status === "cancelled" ? STATUS_WORDS.cancelled : STATUS_WORDS.confirmed,
        }),
  );
