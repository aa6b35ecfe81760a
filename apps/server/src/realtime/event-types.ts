import type { RealtimeEventMap, RealtimeEventName } from "@p2p/shared";

/** An event as stored and as published: `prev` is the topic's previous event id (0 for none). */
export type EventRow = { id: number; topic: string; type: string; payload: unknown; prev: number };
/** An event to append: its `type` tells its payload (the event map in packages/shared). */
export type NewEvent<E extends RealtimeEventName = RealtimeEventName> = {
  [K in E]: { topic: string; type: K; payload: RealtimeEventMap[K] };
}[E];
