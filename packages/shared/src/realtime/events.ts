import type { z } from "zod";
import type { REALTIME_PAYLOADS } from "../schemas/realtime.js";
import type { RealtimeEventName } from "./names.js";

/**
 * The realtime contract's event map: each event name's payload, inferred from its schema in
 * schemas/realtime.ts. Types only, so importing them loads neither zod nor the schemas. The
 * server appends events through it (`appendEvent`), the web's subscribers narrow on `event`.
 */
export type RealtimeEventMap = { [E in RealtimeEventName]: z.infer<(typeof REALTIME_PAYLOADS)[E]> };

/** An event as a subscriber receives it (the socket's `event` frame): its `event` tells its payload. */
export type RealtimeEvent<E extends RealtimeEventName = RealtimeEventName> = {
  [K in E]: { id: number | null; topic: string; event: K; payload: RealtimeEventMap[K] };
}[E];
