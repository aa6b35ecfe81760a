import { msg } from "../i18n/languages.js";
import { z } from "zod";

export const PUSH_PLATFORMS = ["android", "ios"] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

/** An FCM registration token (about 150-200 characters of base64url and a colon). */
const deviceToken = z
  .string()
  .trim()
  .min(20, msg("That is not a push device token."))
  .max(4096, msg("That is not a push device token."))
  .regex(/^[A-Za-z0-9_:.-]+$/, msg("That is not a push device token."));

/** POST /api/push/devices: the native shell registers this device for push. */
export const registerPushDeviceRequest = z.strictObject({ token: deviceToken, platform: z.enum(PUSH_PLATFORMS) });
export type RegisterPushDeviceRequest = z.infer<typeof registerPushDeviceRequest>;

/** DELETE /api/push/devices: the device stops receiving this account's pushes. */
export const unregisterPushDeviceRequest = z.strictObject({ token: deviceToken });

export const pushDeviceResponse = z.object({ registered: z.boolean() });
