import { UPLOAD_TEXTS } from "@p2p/shared";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { ImageRef, UploadAttachment } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { uploads } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { presentImageRef } from "./present-upload.js";
import { uploadNotFound } from "./upload-access.js";

const uuid = z.string().uuid();

/**
 * Attaches the caller's own unattached upload to something of an order, inside the caller's
 * transaction; from then on the order's participants and admins may see it. Another user's
 * upload answers 404 (as a missing one); one already attached is refused (an image is used once).
 */
export async function attachUpload(tx: Tx, options: { uploadId: string; ownerId: string; orderId: string; to: UploadAttachment }): Promise<ImageRef> {
  if (!uuid.safeParse(options.uploadId).success) throw uploadNotFound();
  const [claimed] = await tx
    .update(uploads)
    .set({ attachedTo: options.to, orderId: options.orderId, attachedAt: sql`now()` })
    .where(and(eq(uploads.id, options.uploadId), eq(uploads.ownerId, options.ownerId), isNull(uploads.attachedTo)))
    .returning({ id: uploads.id, contentType: uploads.contentType, width: uploads.width, height: uploads.height });
  if (claimed) return presentImageRef(claimed)!;
  const [mine] = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, options.uploadId), eq(uploads.ownerId, options.ownerId)));
  if (!mine) throw uploadNotFound();
  throw new AppError("CONFLICT", UPLOAD_TEXTS.alreadyAttached);
}
