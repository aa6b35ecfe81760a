import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { NOTIFICATION_CHANNELS, PUSH_PLATFORMS } from "@p2p/shared";
import { users } from "./schema-core.js";

const inList = (list: readonly string[]) => sql.raw(list.map((v) => `'${v}'`).join(", "));

/**
 * A user's choice for one notification type on one live channel (DESIGN §4). Only choices made
 * are stored; a missing row means on. The notification row itself is always written.
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    channel: text("channel").notNull(),
    enabled: boolean("enabled").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type, t.channel] }),
    check("notification_preferences_channel_check", sql`${t.channel} in (${inList(NOTIFICATION_CHANNELS)})`),
  ],
);

/**
 * A native device registered for push (FCM token). A token belongs to one account at a time: the
 * last one signed in on that device. While a row exists, each new notification of its user queues
 * a `push.send` job for it (a trigger on notifications, migration 0002).
 */
export const pushDevices = pgTable(
  "push_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    platform: text("platform").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("push_devices_user_idx").on(t.userId), check("push_devices_platform_check", sql`${t.platform} in (${inList(PUSH_PLATFORMS)})`)],
);
