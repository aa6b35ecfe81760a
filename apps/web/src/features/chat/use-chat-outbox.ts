import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ChatMessage } from "@p2p/shared";
import { ApiError } from "@/lib/api";
import { answerUnknown, newIdempotencyKey } from "@/lib/idempotency";
import { discard, enqueue, flushOutbox, outboxKey, readOutbox, requeue, type OutboxStorage, type QueuedMessage } from "./outbox";
import { sendOrderMessage } from "./queries";
import { useRealtimeStatus } from "@/features/realtime/realtime-context";

/** No answer, or the server failed: nothing was decided, so the same key may be sent again. */
export const sendMayBeRetried = (error: unknown) => answerUnknown(error) || (error instanceof ApiError && error.status >= 500);

/** localStorage where the browser allows it; a page-long memory where it doesn't (some private modes). */
function deviceStorage(): OutboxStorage {
  try {
    return window.localStorage;
  } catch {
    return pageMemory;
  }
}
const memory = new Map<string, string>();
const pageMemory: OutboxStorage = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

/**
 * The order chat's offline queue (outbox.ts) in React: messages queued while offline or while the
 * server could not be reached, sent by themselves, in order and once each, when the browser is
 * back online, when the socket reconnects, or when the page opens online; one tap to retry or
 * discard a refused one. `onSent` gets each message the server now has.
 */
export function useChatOutbox(orderId: string, userId: string | undefined, onSent: (message: ChatMessage) => void) {
  const key = userId ? outboxKey(userId, orderId) : null;
  const storage = useMemo(deviceStorage, []);
  const [queued, setQueued] = useState<QueuedMessage[]>(() => (key ? readOutbox(storage, key) : []));
  const sentTo = useRef(onSent);
  sentTo.current = onSent;

  useEffect(() => setQueued(key ? readOutbox(storage, key) : []), [key, storage]);

  const flush = useCallback(async () => {
    if (!key) return;
    const sent = await flushOutbox({
      storage,
      key,
      send: (m) => sendOrderMessage(orderId, { content: m.content }, m.key).then((answer) => answer.message),
      isRetryable: sendMayBeRetried,
      errorText: (error) => (error as Error).message,
    });
    setQueued(readOutbox(storage, key));
    sent.forEach((message) => sentTo.current(message));
  }, [key, orderId, storage]);

  useEffect(() => {
    const onOnline = () => void flush();
    window.addEventListener("online", onOnline);
    if (navigator.onLine) void flush();
    return () => window.removeEventListener("online", onOnline);
  }, [flush]);

  // The socket is back (the server was down while the browser stayed online): send what waits.
  const socketOpen = useRealtimeStatus() === "open";
  useEffect(() => {
    if (socketOpen) void flush();
  }, [socketOpen, flush]);

  /** Keeps a message that could not go now, under the key its first attempt used. */
  const queue = useCallback(
    (content: string, idempotencyKey: string) => {
      if (key) setQueued(enqueue(storage, key, { key: idempotencyKey, content, created_at: new Date().toISOString() }));
    },
    [key, storage],
  );

  const retry = useCallback(
    (messageKey: string) => {
      if (!key) return;
      setQueued(requeue(storage, key, messageKey, newIdempotencyKey()));
      void flush();
    },
    [flush, key, storage],
  );

  const drop = useCallback((messageKey: string) => key && setQueued(discard(storage, key, messageKey)), [key, storage]);

  return { queued, queue, retry, discard: drop };
}
