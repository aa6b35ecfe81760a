import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { users } from "../db/schema.js";
import type { Recipient } from "../mail/layout.js";
import { queueMail, type Mail } from "../mail/mailer.js";

/** Queues a notice to the account's owner, in their language, in the caller's transaction. */
export async function queueOwnerMail(tx: Db | Tx, userId: string, mail: (to: Recipient) => Mail): Promise<void> {
  const [owner] = await tx.select({ email: users.email, fullName: users.fullName, language: users.language }).from(users).where(eq(users.id, userId));
  if (owner) await queueMail(tx, mail(owner));
}
