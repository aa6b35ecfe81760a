import type { NotificationChannel, NotificationPreferences, NotificationType } from "@p2p/shared";

/**
 * Whether a live notification may show on this channel: the user's choice, on by default (also
 * while the choices are still loading or could not be loaded: a notification is never lost to a
 * failed preferences request).
 */
export function channelAllowed(prefs: Partial<NotificationPreferences> | undefined, type: NotificationType, channel: NotificationChannel): boolean {
  return prefs?.[type]?.[channel] ?? true;
}
