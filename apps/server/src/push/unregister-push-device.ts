import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { pushDevices } from "../db/schema.js";

/** Forgets the caller's device (on sign-out); another account's device is never touched. */
export async function unregisterPushDevice(options: { db: Db; userId: string; token: string }): Promise<boolean> {
  const removed = await options.db
    .delete(pushDevices)
    .where(and(eq(pushDevices.token, options.token), eq(pushDevices.userId, options.userId)))
    .returning({ id: pushDevices.id });
  return removed.length > 0;
}
