/**
 * Native (Capacitor) integration: push registration and local notifications. Loaded only through a
 * dynamic import when running inside the native shell, so the web bundle's first load does not carry it.
 */
import { Capacitor } from "@capacitor/core";
import type { PushPlatform, RegisterPushDeviceRequest } from "@p2p/shared";
import { api } from "@/lib/api";
import { localNotificationDelay, localNotificationId } from "./delay";
import { ShownOnce } from "./shown-once";

const shown = new ShownOnce();

export function isNative(): boolean {
  return Capacitor.isNativePlatform();
}

let registeredToken: string | null = null;

/**
 * Asks for push permission, registers with FCM/APNs and saves the device token with
 * POST /api/push/devices { token, platform }. Called at start-up and again whenever an account signs
 * in (the realtime provider), so the device follows the account using it. Any failure (denied,
 * signed out) is swallowed: push is a bonus channel and must never break the app.
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

    const handles: Promise<{ remove: () => Promise<void> }>[] = [];
    const token = new Promise<string>((resolve, reject) => {
      handles.push(PushNotifications.addListener("registration", (t) => resolve(t.value)));
      handles.push(PushNotifications.addListener("registrationError", (e) => reject(new Error(e.error))));
    });
    await PushNotifications.register();
    const value = await token.finally(() => handles.forEach((h) => void h.then((x) => x.remove())));
    const platform = Capacitor.getPlatform() as PushPlatform;
    const body: RegisterPushDeviceRequest = { token: value, platform };
    await api("/api/push/devices", { method: "POST", body });
    registeredToken = value;
    return true;
  } catch {
    return false;
  }
}

/** Before signing out: this device stops getting the account's pushes (DELETE /api/push/devices). */
export async function unregisterPush(): Promise<void> {
  if (!registeredToken) return;
  try {
    await api("/api/push/devices", { method: "DELETE", body: { token: registeredToken } });
    registeredToken = null;
  } catch {
    // Signing out must go on; the token moves to whoever signs in next on this device.
  }
}

/**
 * Schedules a device notification 0.5 s after arrival (1 s when it came from a push), spec §9;
 * once per notification, however many paths it arrives by.
 */
export async function showLocalNotification(
  title: string,
  body: string,
  options: { fromPush?: boolean; notificationId?: string } = {},
): Promise<void> {
  if (!isNative() || !shown.first(options.notificationId)) return;
  const fromPush = options.fromPush ?? false;
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

/** Called once at start-up inside the native shell: mirrors foreground pushes locally. */
export async function initNative(): Promise<void> {
  if (started || !isNative()) return;
  started = true;
  try {
    const { PushNotifications } = await import("@capacitor/push-notifications");
    void PushNotifications.addListener("pushNotificationReceived", (n) => {
      const data = n.data as { notification_id?: unknown } | undefined;
      const notificationId = typeof data?.notification_id === "string" ? data.notification_id : undefined;
      void showLocalNotification(n.title ?? "NaijaP2P", n.body ?? "", { fromPush: true, notificationId });
    });
  } catch {
    // Plugin missing from the native build.
  }
  // Push registration waits for a signed-in account: the realtime provider calls registerPush.
}
