import { REALTIME_EVENTS, type Badges, type Role, userTopic } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { appendEvent } from "../realtime/append-event.js";
import { getBadges } from "./get-badges.js";

/**
 * After a read mark moved: the reader's fresh counts, so every tab and device clears that badge at
 * once (the event carries them: no tab reads them again). Answers the counts it sent.
 */
export async function publishBadges(tx: Tx, user: { id: string; role: Role }): Promise<Badges> {
  const badges = await getBadges(tx, user);
  await appendEvent(tx, userTopic(user.id), REALTIME_EVENTS.badgesChanged, badges);
  return badges;
}
