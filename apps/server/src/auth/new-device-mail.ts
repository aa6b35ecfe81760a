import { count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { sessions } from "../db/schema.js";
import { newDeviceSignInMail } from "../mail/security-mails.js";
import { summarizeUserAgent } from "./device-summary.js";
import type { ClientKind, RequestInfo } from "./session-origin.js";
import { queueOwnerMail } from "./owner-mail.js";

/**
 * Before a new session: if the account has signed in before but never from this browser or app
 * (the same user agent), the owner is mailed the device and IP address.
 */
export async function mailIfNewDevice(tx: Db | Tx, userId: string, client: ClientKind, info: RequestInfo): Promise<void> {
  const userAgent = info.userAgent?.slice(0, 500) ?? null;
  const [known] = await tx
    .select({ any: count(), same: count(sql`case when ${sessions.userAgent} is not distinct from ${userAgent} then 1 end`) })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  if (!known || known.any === 0 || known.same > 0) return;
  const device = summarizeUserAgent(userAgent, client) ?? "?";
  await queueOwnerMail(tx, userId, (to) => newDeviceSignInMail(to, device, info.ip ?? null));
}
