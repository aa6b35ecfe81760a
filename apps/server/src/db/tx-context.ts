import type { EventRow, NewEvent } from "../realtime/event-types.js";

/**
 * What a transaction run by `transact` carries beside its queries, on its handle (`Tx`): the
 * realtime events it appended, queued to be written by its last statement, and those written,
 * published once it has committed. A savepoint has its own, handed to its transaction only if it
 * succeeds.
 */
export type TxContext = {
  queuedEvents: NewEvent[];
  writtenEvents: EventRow[];
  /**
   * How many `transact` calls have joined the transaction and not yet returned (a savepoint's
   * handle counts as one for good). Only at 0 is a statement the transaction's last for sure, so
   * only then may its COMMIT travel with it (`runLastPrepared`).
   */
  joined: number;
};

export const TX_CONTEXT = Symbol("transaction context");

export const newTxContext = (inSavepoint = false): TxContext => ({ queuedEvents: [], writtenEvents: [], joined: inSavepoint ? 1 : 0 });
