import { NO_SUCH } from "@p2p/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { merchantApplications } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { requireUuid } from "../wallet/ids.js";

/** The ID document image of an application, for an admin reviewing it. */
export async function getApplicationDocument(options: { db: Db; applicationId: string }): Promise<{ bytes: Buffer; type: string }> {
  requireUuid(options.applicationId, "application");
  const [row] = await options.db
    .select({ bytes: merchantApplications.idDocument, type: merchantApplications.idDocumentType })
    .from(merchantApplications)
    .where(eq(merchantApplications.id, options.applicationId));
  if (!row) throw new AppError("NOT_FOUND", NO_SUCH.application);
  return row;
}
