import { sql } from "drizzle-orm";
import { APPEAL_EVIDENCE_MAX, type AppealDetail, EVIDENCE_TEXTS, NO_SUCH, fillTemplate } from "@p2p/shared";
import { queryRows, type Db } from "../db/client.js";
import { appealEvidence } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { transact } from "../db/transact.js";
import type { Caller } from "../orders/order-actors.js";
import { attachUpload } from "../uploads/attach-upload.js";
import { requireUuid } from "../wallet/ids.js";
import { getAppeal } from "./get-appeal.js";

/**
 * The buyer or seller attaches their own uploaded images to the order's open appeal (at most
 * APPEAL_EVIDENCE_MAX per appeal). All or nothing: one bad image attaches none.
 */
export async function addEvidence(options: { db: Db; caller: Caller; orderId: string; uploadIds: string[] }): Promise<AppealDetail> {
  const { db, caller, orderId, uploadIds } = options;
  requireUuid(orderId, "appeal");
  if (new Set(uploadIds).size !== uploadIds.length) {
    throw new AppError("VALIDATION_FAILED", `upload_ids: ${EVIDENCE_TEXTS.imageTwice}`, { upload_ids: EVIDENCE_TEXTS.imageTwice });
  }
  return transact(db, async (tx) => {
    const [appeal] = await queryRows<{ id: string; order_status: string; resolved_at: string | null }>(
      tx,
      sql`
      select a.id, o.status as order_status, a.resolved_at
      from appeals a join orders o on o.id = a.order_id
      where a.order_id = ${orderId} and (o.buyer_id = ${caller.id} or o.seller_id = ${caller.id})
      order by a.created_at desc, a.id desc limit 1
      for update of a`,
    );
    if (!appeal) throw new AppError("NOT_FOUND", NO_SUCH.appeal);
    if (appeal.resolved_at !== null || appeal.order_status !== "disputed") {
      throw new AppError("CONFLICT", EVIDENCE_TEXTS.appealClosed);
    }
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from appeal_evidence where appeal_id = ${appeal.id}`);
    if (Number(n) + uploadIds.length > APPEAL_EVIDENCE_MAX) {
      const left = APPEAL_EVIDENCE_MAX - Number(n);
      throw new AppError("VALIDATION_FAILED", fillTemplate(EVIDENCE_TEXTS.tooManyImages, { max: APPEAL_EVIDENCE_MAX, count: left }), {
        upload_ids: fillTemplate(left === 1 ? EVIDENCE_TEXTS.imagesLeftOne : EVIDENCE_TEXTS.imagesLeft, { count: left }),
      });
    }
    // clock_timestamp(): each image its own moment, so the order they were given is kept.
    for (const uploadId of uploadIds) {
      await attachUpload(tx, { uploadId, ownerId: caller.id, orderId, to: "appeal_evidence" });
      await tx.insert(appealEvidence).values({ appealId: appeal.id, uploadId, addedBy: caller.id, createdAt: sql`clock_timestamp()` });
    }
    return getAppeal({ db: tx, caller, orderId });
  });
}
