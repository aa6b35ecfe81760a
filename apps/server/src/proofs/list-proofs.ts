import { asc, eq, type SQL } from "drizzle-orm";
import type { PaymentProof } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { paymentProofs, profiles, uploads } from "../db/schema.js";
import type { Caller } from "../orders/order-actors.js";
import { presentImageRef } from "../uploads/present-upload.js";
import { loadProofOrder } from "./proof-access.js";

/**
 * Proof rows with their image and uploader, oldest first. `where` picks the rows (one order's,
 * or any filter of a reviewer's list); the caller checks who may see them.
 */
export async function selectPaymentProofs(db: Db | Tx, where: SQL | undefined): Promise<PaymentProof[]> {
  const rows = await db
    .select({
      id: paymentProofs.id,
      orderId: paymentProofs.orderId,
      uploaderId: paymentProofs.uploaderId,
      uploaderUsername: profiles.username,
      amount: paymentProofs.amount,
      reference: paymentProofs.reference,
      messageId: paymentProofs.messageId,
      createdAt: paymentProofs.createdAt,
      imageId: uploads.id,
      imageType: uploads.contentType,
      imageWidth: uploads.width,
      imageHeight: uploads.height,
    })
    .from(paymentProofs)
    .innerJoin(uploads, eq(uploads.id, paymentProofs.uploadId))
    .leftJoin(profiles, eq(profiles.id, paymentProofs.uploaderId))
    .where(where)
    .orderBy(asc(paymentProofs.createdAt), asc(paymentProofs.id));
  return rows.map(presentPaymentProof);
}

export function presentPaymentProof(r: {
  id: string;
  orderId: string;
  uploaderId: string;
  uploaderUsername: string | null;
  amount: string | null;
  reference: string | null;
  messageId: string | null;
  createdAt: Date;
  imageId: string;
  imageType: string;
  imageWidth: number;
  imageHeight: number;
}): PaymentProof {
  return {
    id: r.id,
    order_id: r.orderId,
    uploader_id: r.uploaderId,
    uploader_username: r.uploaderUsername ?? "",
    amount: r.amount,
    reference: r.reference,
    image: presentImageRef({ id: r.imageId, contentType: r.imageType, width: r.imageWidth, height: r.imageHeight })!,
    message_id: r.messageId,
    created_at: r.createdAt.toISOString(),
  };
}

/** An order's payment proofs, for its participants and admins (404 for anyone else). */
export async function listOrderPaymentProofs(options: { db: Db; caller: Caller; orderId: string }): Promise<PaymentProof[]> {
  const order = await loadProofOrder(options.db, options.orderId, options.caller);
  return selectPaymentProofs(options.db, eq(paymentProofs.orderId, order.id));
}
