import { REALTIME_EVENTS, userTopic } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import type { deposits } from "../db/schema.js";
import { appendEvent } from "../realtime/append-event.js";

/** Tells the deposit's owner where it stands now ("Confirming n of N", credited, dropped). */
export function depositChanged(tx: Tx, row: Pick<typeof deposits.$inferSelect, "id" | "userId" | "status" | "confirmations">): Promise<void> {
  return appendEvent(tx, userTopic(row.userId), REALTIME_EVENTS.depositChanged, {
    deposit_id: row.id,
    status: row.status,
    confirmations: row.confirmations,
  });
}
