import { eq, sql } from "drizzle-orm";
import { displayNaira, NAIRA_SCALE, parseUnits, type PaymentProof, EVIDENCE_TEXTS, fillTemplate } from "@p2p/shared";
import type { Config } from "../config.js";
import { queryRows, type Db } from "../db/client.js";
import { paymentProofs } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { transact } from "../db/transact.js";
import { ACCOUNT_QUOTAS, takeAccountQuota } from "../http/account-quota.js";
import { writeChatMessage } from "../chat/write-message.js";
import type { Caller } from "../orders/order-actors.js";
import { attachUpload } from "../uploads/attach-upload.js";
import { selectPaymentProofs } from "./list-proofs.js";
import { loadProofOrder, PROOF_STATUSES, proofRefusedForStatus } from "./proof-access.js";

/** The caption of the proof's chat message: "Payment proof · ₦50,000.00 · Ref: FT2611…". */
export function proofCaption(amount: string | undefined, reference: string | undefined): string {
  const shown = amount ? displayNaira(parseUnits(amount, NAIRA_SCALE)) : null;
  if (shown && reference) return fillTemplate(EVIDENCE_TEXTS.proofWithAmountAndReference, { amount: shown, reference });
  if (shown) return fillTemplate(EVIDENCE_TEXTS.proofWithAmount, { amount: shown });
  if (reference) return fillTemplate(EVIDENCE_TEXTS.proofWithReference, { reference });
  return EVIDENCE_TEXTS.proof;
}

/**
 * The buyer attaches a proof of the naira transfer (an image they uploaded) to their order once
 * it is marked paid or while it is under appeal. One transaction: the upload is attached to the
 * order, a payment_proofs row is written, and the image goes into the order's chat as the
 * buyer's message (event and notification as for any message). The order row is read FOR SHARE,
 * so a transition racing with it either lands before (and the status check refuses) or after.
 */
export async function addPaymentProof(options: {
  db: Db;
  config: Config;
  caller: Caller;
  orderId: string;
  uploadId: string;
  amount?: string;
  reference?: string;
}): Promise<PaymentProof> {
  const { db, caller } = options;
  const order = await loadProofOrder(db, options.orderId, caller);
  if (order.buyerId !== caller.id) throw new AppError("FORBIDDEN", EVIDENCE_TEXTS.onlyBuyerProves);
  return transact(db, async (tx) => {
    await takeAccountQuota(tx, options.config, ACCOUNT_QUOTAS.orderChat, caller.id);
    const [current] = await queryRows<{ status: string }>(tx, sql`select status from orders where id = ${order.id} for share`);
    if (!current || !(PROOF_STATUSES as readonly string[]).includes(current.status)) throw proofRefusedForStatus(current?.status ?? "");
    const image = await attachUpload(tx, { uploadId: options.uploadId, ownerId: caller.id, orderId: order.id, to: "payment_proof" });
    const content = proofCaption(options.amount, options.reference);
    const message = await writeChatMessage(tx, { orderId: order.id, senderId: caller.id, content, image });
    const [row] = await tx
      .insert(paymentProofs)
      .values({
        orderId: order.id,
        uploaderId: caller.id,
        uploadId: image.id,
        amount: options.amount ?? null,
        reference: options.reference ?? null,
        messageId: message.id,
      })
      .returning({ id: paymentProofs.id });
    const [proof] = await selectPaymentProofs(tx, eq(paymentProofs.id, row!.id));
    return proof!;
  });
}
