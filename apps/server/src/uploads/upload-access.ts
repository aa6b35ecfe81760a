import { UPLOAD_TEXTS } from "@p2p/shared";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.js";
import { orders, uploads } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { isParticipant, type Caller } from "../orders/order-actors.js";

const uuid = z.string().uuid();
export const uploadNotFound = () => new AppError("NOT_FOUND", UPLOAD_TEXTS.notFound);

/**
 * An upload's bytes for someone allowed to see it: its owner; once attached to an order (chat
 * message, payment proof, appeal evidence), that order's participants and admins. Anyone else
 * gets 404, as for an id that does not exist, so ids reveal nothing.
 */
export async function loadVisibleUpload(db: Db, uploadId: string, caller: Caller) {
  if (!uuid.safeParse(uploadId).success) throw uploadNotFound();
  const [row] = await db
    .select({ upload: uploads, order: orders })
    .from(uploads)
    .leftJoin(orders, eq(orders.id, uploads.orderId))
    .where(eq(uploads.id, uploadId));
  if (!row) throw uploadNotFound();
  const { upload, order } = row;
  if (upload.ownerId === caller.id) return upload;
  if (upload.attachedTo && order && (caller.role === "admin" || isParticipant(order, caller.id))) return upload;
  throw uploadNotFound();
}
