import { LOCAL_NOTIFICATION_DELAY_MS, PUSH_LOCAL_NOTIFICATION_DELAY_MS } from "@p2p/shared";

/** Spec §9: a local notification fires 0.5 s after arrival, 1 s when it came from a push. */
export function localNotificationDelay(fromPush: boolean): number {
  return fromPush ? PUSH_LOCAL_NOTIFICATION_DELAY_MS : LOCAL_NOTIFICATION_DELAY_MS;
}

/** A positive 31-bit id for a local notification (the Android plugin needs a Java int). */
export function localNotificationId(now: number = Date.now(), random: number = Math.random()): number {
  return ((now % 1_000_000_000) + Math.floor(random * 1_000_000)) % 2_147_483_647 || 1;
}
