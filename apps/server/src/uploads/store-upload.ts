import { createHash } from "node:crypto";
import type { Upload } from "@p2p/shared";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { uploads } from "../db/schema.js";
import { ACCOUNT_QUOTAS, takeAccountQuota } from "../http/account-quota.js";
import { transact } from "../db/transact.js";
import type { Caller } from "../orders/order-actors.js";
import { checkImage } from "./image-check.js";
import { presentUpload } from "./present-upload.js";
import { notAnImage } from "./read-image-body.js";
import { reEncodeImage } from "./re-encode-image.js";

/**
 * Stores an image the caller uploaded, unattached: only they may see or attach it until it is
 * attached (attach-upload.ts). Its type and size come from the bytes, never from the client, and
 * what is stored is the image encoded again (re-encode-image.ts), never the uploaded bytes. The
 * upload takes a unit of the account's upload limit in the transaction that stores it.
 */
export async function storeUpload(options: { db: Db; config: Config; caller: Caller; bytes: Buffer }): Promise<Upload> {
  const { db, caller } = options;
  const checked = checkImage(options.bytes);
  if (!checked) throw notAnImage();
  const image = await reEncodeImage(options.bytes, checked);
  return transact(db, async (tx) => {
    await takeAccountQuota(tx, options.config, ACCOUNT_QUOTAS.uploads, caller.id);
    const [row] = await tx
      .insert(uploads)
      .values({
        ownerId: caller.id,
        contentType: image.contentType,
        byteSize: image.data.length,
        width: image.width,
        height: image.height,
        sha256: createHash("sha256").update(image.data).digest("hex"),
        data: image.data,
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
  });
}
