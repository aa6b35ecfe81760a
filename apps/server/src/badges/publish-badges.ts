import { REALTIME_EVENTS, type Role, userTopic } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { appendEvent } from "../realtime/append-event.js";
import { getBadges } from "./get-badges.js";

/** After a read mark moved: the reader's fresh counts, so every tab and device clears that badge at once. */
export async function publishBadges(tx: Tx, user: { id: string; role: Role }): Promise<void> {
  await appendEvent(tx, userTopic(user.id), REALTIME_EVENTS.badgesChanged, await getBadges(tx, user));
}
