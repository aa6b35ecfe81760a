import { REALTIME_EVENTS, type Badges, type Role, userTopic } from "@p2p/shared";
import type { Tx } from "../db/client.js";
import { appendEvent } from "../realtime/append-event.js";
import { getBadges } from "./get-badges.js";

/**
 * A read mark's answer: the reader's fresh counts. When the mark moved they also go to every tab
 * and device of the reader in `badges.changed`, so each clears that badge at once (the event
 * carries them: no tab reads them again).
 */
export async function badgesAfterRead(tx: Tx, user: { id: string; role: Role }, moved: boolean): Promise<Badges> {
  const badges = await getBadges(tx, user);
  if (moved) await appendEvent(tx, userTopic(user.id), REALTIME_EVENTS.badgesChanged, badges);
  return badges;
}
