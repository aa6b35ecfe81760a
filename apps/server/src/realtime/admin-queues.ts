import { REALTIME_EVENTS, type AdminQueue, ADMIN_TOPIC } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { appendEvent } from "./append-event.js";

/**
 * Tells the admins' panels, in the transaction of the change, that a queue they work through
 * gained or lost a pending row (a deposit to confirm, a withdrawal to send, a complaint, a
 * merchant application), so an open panel reloads it at once instead of at its next poll.
 */
export function adminQueueChanged(tx: Tx, queue: AdminQueue): Promise<unknown> {
  return appendEvent(tx, ADMIN_TOPIC, REALTIME_EVENTS.adminQueueChanged, { queue });
}
