import type { EventRow, NewEvent } from "../realtime/event-types.js";

/**
 * What a transaction run by `transact` carries beside its queries, on its handle (`Tx`): the
 * realtime events it appended, queued to be written by its last statement, and those written,
 * published once it has committed. A savepoint has its own, handed to its transaction only if it
 * succeeds.
 */
export type TxContext = { queuedEvents: NewEvent[]; writtenEvents: EventRow[] };

export const TX_CONTEXT = Symbol("transaction context");

export const newTxContext = (): TxContext => ({ queuedEvents: [], writtenEvents: [] });
