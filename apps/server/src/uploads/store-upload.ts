import { createHash } from "node:crypto";
import type { Upload } from "@p2p/shared";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { uploads } from "../db/schema.js";
import { ACCOUNT_QUOTAS, takeAccountQuota } from "../http/account-quota.js";
import { transact } from "../ledger/transact.js";
import type { Caller } from "../orders/order-actors.js";
import { checkImage } from "./image-check.js";
import { presentUpload } from "./present-upload.js";
import { notAnImage } from "./read-image-body.js";

/**
 * Stores an image the caller uploaded, unattached: only they may see or attach it until it is
 * attached (attach-upload.ts). Its type and size come from the bytes, never from the client. The
 * upload takes a unit of the account's upload limit in the transaction that stores it.
 */
export async function storeUpload(options: { db: Db; config: Config; caller: Caller; bytes: Buffer }): Promise<Upload> {
  const { db, caller } = options;
  const image = checkImage(options.bytes);
  if (!image) throw notAnImage();
  const data = options.bytes;
  return transact(db, async (tx) => {
    await takeAccountQuota(tx, options.config, ACCOUNT_QUOTAS.uploads, caller.id);
    const [row] = await tx
      .insert(uploads)
      .values({
        ownerId: caller.id,
        contentType: image.contentType,
        byteSize: data.length,
        width: image.width,
        height: image.height,
        sha256: createHash("sha256").update(data).digest("hex"),
        data: data,
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
