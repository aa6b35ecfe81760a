import { and, eq } from "drizzle-orm";
import {
  defaultNotificationPreferences,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationType,
} from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { notificationPreferences } from "../db/schema.js";

/** The user's full type × channel grid: stored choices over the default (everything on). */
export async function loadNotificationPreferences(db: Db | Tx, userId: string): Promise<NotificationPreferences> {
  const prefs = defaultNotificationPreferences();
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  for (const row of rows) {
    const type = row.type as NotificationType;
    const channel = row.channel as NotificationChannel;
    if (NOTIFICATION_TYPES.includes(type) && NOTIFICATION_CHANNELS.includes(channel)) prefs[type][channel] = row.enabled;
  }
  return prefs;
}

/** Whether a notification of this type may go out on this channel for the user (on unless switched off). */
export async function channelEnabled(db: Db | Tx, userId: string, type: string, channel: NotificationChannel): Promise<boolean> {
  const [row] = await db
    .select({ enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type), eq(notificationPreferences.channel, channel)));
  return row?.enabled ?? true;
}
