import { and, eq } from "drizzle-orm";
import type { Logger } from "pino";
import { z } from "zod";
import type { Config } from "../config.js";
import type { JobRunner } from "../jobs/runner.js";
import { notifications, pushDevices, users } from "../db/schema.js";
import { translatorFor } from "../i18n/i18n.js";
import { withDetails } from "../notifications/details-line.js";
import { channelEnabled } from "../notifications/preferences.js";
import { createFcmSender } from "./fcm-sender.js";
import { PushRejectedError, PushTokenGoneError, type PushSender } from "./push-sender.js";

export const PUSH_SEND_JOB = "push.send";

/** Queued by the notifications trigger (migration 0003_notification_delivery), one per device. */
const payloadSchema = z.object({ notificationId: z.string().uuid(), deviceId: z.string().uuid() });

/** FCM when FCM_PROJECT_ID, FCM_CLIENT_EMAIL and FCM_PRIVATE_KEY are set; otherwise push is off. */
export function createPushSender(config: Config): PushSender | null {
  if (!config.FCM_PROJECT_ID || !config.FCM_CLIENT_EMAIL || !config.FCM_PRIVATE_KEY) return null;
  return createFcmSender({
    projectId: config.FCM_PROJECT_ID,
    clientEmail: config.FCM_CLIENT_EMAIL,
    privateKey: config.FCM_PRIVATE_KEY,
    apiRoot: config.FCM_API_ROOT,
    tokenUrl: config.FCM_TOKEN_URL,
  });
}

/**
 * Sends one notification to one device. The device and the user's push preference are read at
 * send time, so a device removed or a type muted meanwhile gets nothing. A failure throws and the
 * job runner retries with backoff; an unregistered device's token is deleted. Without a sender
 * (push not configured) the jobs finish doing nothing, so none pile up.
 */
export function registerPushJob(jobs: JobRunner, sender: PushSender | null, log: Logger): void {
  jobs.register(PUSH_SEND_JOB, async (raw, { db }) => {
    if (!sender) return;
    const payload = payloadSchema.parse(raw);
    const [row] = await db
      .select({
        token: pushDevices.token,
        userId: notifications.userId,
        type: notifications.type,
        title: notifications.title,
        message: notifications.message,
        orderId: notifications.orderId,
        details: notifications.details,
        language: users.language,
      })
      .from(notifications)
      .innerJoin(pushDevices, and(eq(pushDevices.userId, notifications.userId), eq(pushDevices.id, payload.deviceId)))
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.id, payload.notificationId));
    if (!row) return;
    if (!(await channelEnabled(db, row.userId, row.type, "push"))) return;
    // The row keeps the English; the phone shows the reader's language, with an order notice's details.
    const tr = translatorFor(row.language);
    try {
      await sender.send({
        token: row.token,
        title: tr.serverText(row.title),
        body: withDetails(tr, row.message, row.details),
        data: { notification_id: payload.notificationId, type: row.type, ...(row.orderId ? { order_id: row.orderId } : {}) },
      });
    } catch (err) {
      if (err instanceof PushTokenGoneError) {
        await db.delete(pushDevices).where(and(eq(pushDevices.id, payload.deviceId), eq(pushDevices.token, row.token)));
        log.info({ deviceId: payload.deviceId }, "push device unregistered; token deleted");
        return;
      }
      if (err instanceof PushRejectedError) {
        log.warn({ deviceId: payload.deviceId, err: err.message }, "push refused; not retried");
        return;
      }
      throw err;
    }
  });
}
