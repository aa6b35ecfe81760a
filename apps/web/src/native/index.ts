/**
 * Native (Capacitor) integration: push registration and local notifications. Loaded only through a
 * dynamic import when running inside the native shell, so the web bundle's first load does not carry it.
 */
import { Capacitor } from "@capacitor/core";
import { localNotificationDelay, localNotificationId } from "./delay";

export function isNative(): boolean {
  return Capacitor.isNativePlatform();
}

export type PushPlatform = "android" | "ios";

/**
 * Asks for push permission, registers with FCM/APNs and saves the device token with
 * POST /api/push/devices { token, platform }. Any failure (denied, endpoint missing, signed out) is
 * swallowed: push is a bonus channel and must never break the app.
 */
export async function registerPush(): Promise<boolean> {
  if (!isNative()) return false;
  try {
    const { PushNotifications } = await import("@capacitor/push-notifications");
    let perm = await PushNotifications.checkPermissions();
    if (perm.receive === "prompt" || perm.receive === "prompt-with-rationale") {
      perm = await PushNotifications.requestPermissions();
    }
    if (perm.receive !== "granted") return false;

    const token = new Promise<string>((resolve, reject) => {
      void PushNotifications.addListener("registration", (t) => resolve(t.value));
      void PushNotifications.addListener("registrationError", (e) => reject(new Error(e.error)));
    });
    await PushNotifications.register();
    const value = await token;
    const platform = Capacitor.getPlatform() as PushPlatform;
    const res = await fetch("/api/push/devices", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: value, platform }),
    });
    return res.ok;
  } catch {
    return false;
  }
}

/** Schedules a device notification 0.5 s after arrival (1 s when it came from a push), spec §9. */
export async function showLocalNotification(title: string, body: string, fromPush = false): Promise<void> {
  if (!isNative()) return;
  try {
    const { LocalNotifications } = await import("@capacitor/local-notifications");
    const perm = await LocalNotifications.checkPermissions();
    if (perm.display !== "granted" && (await LocalNotifications.requestPermissions()).display !== "granted") return;
    await LocalNotifications.schedule({
      notifications: [
        {
          id: localNotificationId(),
          title,
          body,
          schedule: { at: new Date(Date.now() + localNotificationDelay(fromPush)) },
        },
      ],
    });
  } catch {
    // A notification that cannot be shown is not worth an error on screen.
  }
}

let started = false;

/** Called once at start-up inside the native shell: registers push and mirrors foreground pushes locally. */
export async function initNative(): Promise<void> {
  if (started || !isNative()) return;
  started = true;
  try {
    const { PushNotifications } = await import("@capacitor/push-notifications");
    void PushNotifications.addListener("pushNotificationReceived", (n) => {
      void showLocalNotification(n.title ?? "NaijaP2P", n.body ?? "", true);
    });
  } catch {
    // Plugin missing from the native build.
  }
  void registerPush();
}
