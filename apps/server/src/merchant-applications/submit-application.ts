import { ADMIN_TEXTS } from "@p2p/shared";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { MerchantApplication, merchantApplicationRequest } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { merchantApplications, userRoles } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { isUniqueViolation, transact } from "../db/transact.js";
import { applicationColumns } from "./columns.js";
import { decodeIdDocument } from "./id-document.js";
import { presentApplication } from "./present.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";
import { normalizePhone } from "../auth/phone-number.js";

type Input = z.output<typeof merchantApplicationRequest>;

/**
 * A user applies to become a merchant. One pending application per user (a unique index decides
 * a race); merchants and admins have nothing to apply for; after a rejection they may apply again.
 */
export async function submitApplication(options: { db: Db; userId: string; input: Input }): Promise<MerchantApplication> {
  const { db, userId, input } = options;
  const contactPhone = normalizePhone(input.contact_phone, "contact_phone");
  const document = await decodeIdDocument(input.id_document);
  try {
    return await transact(db, async (tx) => {
      const [role] = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
      if (role && role.role !== "user") throw new AppError("CONFLICT", ADMIN_TEXTS.alreadyMerchantApplying);
      const [row] = await tx
        .insert(merchantApplications)
        .values({
          userId,
          businessName: input.business_name,
          contactName: input.contact_name,
          contactPhone,
          contactEmail: input.contact_email,
          coins: input.coins,
          bankName: input.bank_name,
          accountNumber: input.account_number,
          accountName: input.account_name,
          idDocument: document.bytes,
          idDocumentType: document.type,
          agreementAcceptedAt: new Date(),
        })
        .returning(applicationColumns);
      await adminQueueChanged(tx, "merchant_applications");
      return presentApplication(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err, "merchant_applications_one_pending_key")) {
      throw new AppError("CONFLICT", ADMIN_TEXTS.applicationWaiting);
    }
    throw err;
  }
}
