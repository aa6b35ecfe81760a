import { REALTIME_PATH, type RealtimeEvent, type ServerFrame } from "@p2p/shared";
import type { ResumePoint } from "./realtime-resume";

export type RealtimeStatus = "connecting" | "open" | "reconnecting" | "closed";
type EventListener = (event: RealtimeEvent) => void;
type StatusListener = (status: RealtimeStatus) => void;
/** `readSince`: the topic resumed from a point read then; reads started since need not be read again. */
type StartListener = (topic: string, readSince: number | undefined) => void;

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;
const PING_MS = 25_000;

/** Exponential backoff with full jitter: 0.5 s, 1 s, 2 s … capped at 30 s. */
export function backoffDelay(attempt: number): number {
  const cap = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(cap / 2 + Math.random() * (cap / 2));
}

export function realtimeUrl(): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${REALTIME_PATH}`;
}

/**
 * One WebSocket per tab. Keeps the highest event id seen per topic and resubscribes with it after
 * every reconnect, so missed events are replayed once. Subscriptions are reference-counted.
 */
export class RealtimeClient {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ping: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  private refreshedAfterAuthClose = false;
  /** Why the server ended this socket's session (its UNAUTHENTICATED error frame before the 4401). */
  private endedReason: string | null = null;
  private readonly topics = new Map<string, number>();
  private readonly lastIds = new Map<string, number>();
  /** Topics whose start the screens were told of. */
  private readonly started = new Set<string>();
  /** Topics whose first subscription resumes from a session read's cursor, with when it was read. */
  private readonly resumedFrom = new Map<string, number>();
  private readonly listeners = new Set<EventListener>();
  private readonly statusListeners = new Set<StatusListener>();
  private readonly startListeners = new Set<StartListener>();
  status: RealtimeStatus = "connecting";

  /**
   * `refreshSession` runs on a 4401 close: it refreshes the session, or ends it in the tab (which
   * stops this client) with the reason the server gave, if it gave one. `resumePoint` says where a
   * topic's first subscription may start (lib/realtime-resume.ts).
   */
  constructor(
    private readonly refreshSession: (endedReason: string | null) => Promise<unknown>,
    private readonly resumePoint: (topic: string) => ResumePoint | null = () => null,
  ) {}

  start() {
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.ping) clearInterval(this.ping);
    this.timer = null;
    this.ping = null;
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
    this.setStatus("closed");
  }

  /**
   * A topic this tab had not followed before is now followed. Its events start from the server's
   * current id, so whatever the screen read before that moment may have missed one: the listener
   * reads it again. Started from a resume point instead, the events after it are replayed, and
   * only reads from before `readSince` may have missed one. (A topic followed before resumes from
   * its last id and misses nothing.)
   */
  onTopicStarted(listener: StartListener): () => void {
    this.startListeners.add(listener);
    return () => this.startListeners.delete(listener);
  }

  onEvent(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  subscribe(topic: string): () => void {
    const count = this.topics.get(topic) ?? 0;
    this.topics.set(topic, count + 1);
    if (count === 0) {
      const point = this.started.has(topic) || this.lastIds.has(topic) ? null : this.resumePoint(topic);
      if (point) {
        this.lastIds.set(topic, point.after);
        this.resumedFrom.set(topic, point.readAt);
      }
      this.sendSubscribe(topic);
    }
    return () => {
      const left = (this.topics.get(topic) ?? 1) - 1;
      if (left > 0) {
        this.topics.set(topic, left);
        return;
      }
      this.topics.delete(topic);
      this.send({ type: "unsubscribe", topic });
    };
  }

  private setStatus(status: RealtimeStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const l of this.statusListeners) l(status);
  }

  private send(frame: unknown) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private sendSubscribe(topic: string) {
    const last = this.lastIds.get(topic);
    this.send(last === undefined ? { type: "subscribe", topic } : { type: "subscribe", topic, last_event_id: last });
  }

  private open() {
    if (this.stopped) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(realtimeUrl());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.setStatus("open");
      for (const topic of this.topics.keys()) this.sendSubscribe(topic);
      if (this.ping) clearInterval(this.ping);
      this.ping = setInterval(() => this.send({ type: "ping" }), PING_MS);
    };
    ws.onmessage = (message) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(message.data)) as ServerFrame;
      } catch {
        return;
      }
      if (frame.type === "hello") this.refreshedAfterAuthClose = false;
      if (frame.type === "error" && frame.code === "UNAUTHENTICATED") this.endedReason = frame.message;
      if (frame.type === "subscribed") {
        // A topic seen for the first time starts from the server's current id, or from its resume
        // point, whose later events the server replays next.
        if (!this.started.has(frame.topic)) {
          this.started.add(frame.topic);
          const readSince = this.resumedFrom.get(frame.topic);
          this.resumedFrom.delete(frame.topic);
          if (readSince === undefined) this.lastIds.set(frame.topic, frame.last_event_id);
          for (const l of this.startListeners) l(frame.topic, readSince);
        }
        return;
      }
      if (frame.type !== "event") return;
      if (frame.id !== null) {
        const last = this.lastIds.get(frame.topic);
        if (last !== undefined && frame.id <= last) return; // already delivered
        this.lastIds.set(frame.topic, frame.id);
      }
      // The socket carries only the event map's events (packages/shared/src/realtime/events.ts), so
      // the one cast of the contract is here, where frames arrive: parsing them would load zod on
      // every screen, for a server that builds each payload from the same types.
      const event = { id: frame.id, topic: frame.topic, event: frame.event, payload: frame.payload } as RealtimeEvent;
      for (const l of this.listeners) {
        try {
          l(event);
        } catch (err) {
          console.error(err);
        }
      }
    };
    ws.onclose = (close) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.ping) clearInterval(this.ping);
      this.ping = null;
      if (this.stopped) return;
      this.setStatus("reconnecting");
      if (close.code === 4401 && !this.refreshedAfterAuthClose) {
        // The access token expired: refresh the session once, then reconnect straight away.
        this.refreshedAfterAuthClose = true;
        const reason = this.endedReason;
        this.endedReason = null;
        void this.refreshSession(reason)
          .catch(() => undefined)
          .then(() => this.open());
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    const delay = backoffDelay(this.attempt++);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.open();
    }, delay);
  }
}
