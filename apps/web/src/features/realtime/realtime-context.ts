import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from "react";
import type { RealtimeEvent } from "@p2p/shared";
import type { RealtimeClient, RealtimeStatus } from "@/lib/realtime";

export const RealtimeContext = createContext<RealtimeClient | null>(null);

export function useRealtimeClient() {
  return useContext(RealtimeContext);
}

/** The socket state, for the quiet "Reconnecting…" indicator. */
export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtimeClient();
  return useSyncExternalStore(
    (cb) => client?.onStatus(cb) ?? (() => undefined),
    () => client?.status ?? "closed",
    () => "closed" as RealtimeStatus,
  );
}

/**
 * Subscribes to a topic while mounted and calls `handler` with each of its events; narrowing on
 * `e.event` gives the payload's type (the event map in packages/shared).
 */
export function useRealtimeTopic(
  topic: string | null | undefined,
  handler: (event: RealtimeEvent) => void,
  /**
   * Reads the screen's data again once the topic is first followed (RealtimeClient.onTopicStarted):
   * with `readSince`, only what was read before then.
   */
  onStarted?: (readSince: number | undefined) => void,
) {
  const client = useRealtimeClient();
  const ref = useRef(handler);
  const startedRef = useRef(onStarted);
  useEffect(() => {
    ref.current = handler;
    startedRef.current = onStarted;
  });
  useEffect(() => {
    if (!client || !topic) return;
    const off = client.onEvent((e) => {
      if (e.topic === topic) ref.current(e);
    });
    const offStarted = client.onTopicStarted((started, readSince) => {
      if (started === topic) startedRef.current?.(readSince);
    });
    const unsubscribe = client.subscribe(topic);
    return () => {
      off();
      offStarted();
      unsubscribe();
    };
  }, [client, topic]);
}
