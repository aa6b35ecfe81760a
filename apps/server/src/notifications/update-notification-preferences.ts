import { sql } from "drizzle-orm";
import type { NotificationChannel, NotificationPreferences, UpdateNotificationPreferencesRequest } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { notificationPreferences } from "../db/schema.js";
import { loadNotificationPreferences } from "./preferences.js";
import { transact } from "../db/transact.js";

/** Saves the switches sent (only the caller's own) and answers the whole grid. */
export async function updateNotificationPreferences(options: {
  db: Db;
  userId: string;
  changes: UpdateNotificationPreferencesRequest["preferences"];
}): Promise<NotificationPreferences> {
  const { db, userId, changes } = options;
  const rows = Object.entries(changes).flatMap(([type, channels]) =>
    Object.entries(channels ?? {}).map(([channel, enabled]) => ({
      userId,
      type,
      channel: channel as NotificationChannel,
      enabled: enabled as boolean,
    })),
  );
  return transact(db, async (tx) => {
    if (rows.length > 0) {
      await tx
        .insert(notificationPreferences)
        .values(rows)
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.type, notificationPreferences.channel],
          set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
        });
    }
    return loadNotificationPreferences(tx, userId);
  });
}
