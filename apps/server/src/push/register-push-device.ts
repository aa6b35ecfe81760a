import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { RegisterPushDeviceRequest } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { pushDevices } from "../db/schema.js";
import { transact } from "../db/transact.js";

/** Devices kept per account; the ones seen least recently go first. */
export const MAX_DEVICES_PER_USER = 10;

/**
 * Saves this device's token for the caller. A token already saved moves to the caller (the device
 * is now signed in to this account) and its last-seen time is refreshed.
 */
export async function registerPushDevice(options: { db: Db; userId: string; device: RegisterPushDeviceRequest }): Promise<void> {
  const { db, userId, device } = options;
  await transact(db, async (tx) => {
    await tx
      .insert(pushDevices)
      .values({ userId, token: device.token, platform: device.platform })
      .onConflictDoUpdate({
        target: pushDevices.token,
        set: { userId, platform: device.platform, lastSeenAt: sql`now()` },
      });
    const keep = tx
      .select({ id: pushDevices.id })
      .from(pushDevices)
      .where(eq(pushDevices.userId, userId))
      .orderBy(desc(pushDevices.lastSeenAt))
      .limit(MAX_DEVICES_PER_USER);
    await tx.delete(pushDevices).where(and(eq(pushDevices.userId, userId), notInArray(pushDevices.id, keep)));
  });
}
