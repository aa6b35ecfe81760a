import { createHash } from "node:crypto";
import type { Upload } from "@p2p/shared";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { uploads } from "../db/schema.js";
import type { Caller } from "../orders/order-actors.js";
import { checkImage } from "./image-check.js";
import { presentUpload } from "./present-upload.js";
import { assertUploadRate } from "./rate-limit.js";
import { notAnImage } from "./read-image-body.js";

/**
 * Stores an image the caller uploaded, unattached: only they may see or attach it until it is
 * attached (attach-upload.ts). Its type and size come from the bytes, never from the client.
 */
export async function storeUpload(options: { db: Db; config: Config; caller: Caller; bytes: Buffer }): Promise<Upload> {
  const { db, caller, bytes } = options;
  const image = checkImage(bytes);
  if (!image) throw notAnImage();
  await assertUploadRate(db, options.config, caller.id);
  const [row] = await db
    .insert(uploads)
    .values({
      ownerId: caller.id,
      contentType: image.contentType,
      byteSize: bytes.length,
      width: image.width,
      height: image.height,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      data: bytes,
    })
    .returning({
      id: uploads.id,
      contentType: uploads.contentType,
      byteSize: uploads.byteSize,
      width: uploads.width,
      height: uploads.height,
      sha256: uploads.sha256,
      createdAt: uploads.createdAt,
    });
  return presentUpload(row!);
}
