import type { FastifyInstance, FastifyRequest } from "fastify";
import { WebSocket } from "ws";
import {
  clientFrame,
  REALTIME_ERROR_CODES,
  REALTIME_MAX_SUBSCRIPTIONS,
  REALTIME_PATH,
  type RealtimeErrorCode,
  type ServerFrame,
  SESSION_ENDED_TEXT,
} from "@p2p/shared";
import type { AppContext } from "../context.js";
import { isForeignOrigin } from "../http/security.js";
import { eventsAfter, eventsAfterCursors, lastEventId, setEventPublisher } from "./append-event.js";
import { SweepPlan } from "./sweep-plan.js";
import { RightsWatch } from "./rights-watch.js";
import { TickTurn, ticksOf } from "./tick-turn.js";
import type { EventRow } from "./event-types.js";
import type { BusMessage } from "./bus.js";
import { InboundBudget } from "./inbound-budget.js";
import { mayAccessTopic, reloadTopicUser, type TopicUser } from "./topics.js";
import { endedSessionError } from "../auth/ended-session.js";

export type HubOptions = {
  /** Ping interval; a socket that has not answered the previous ping is closed. */
  heartbeatMs: number;
  /** How often each process reads the events table for events whose publish it missed. */
  sweepMs: number;
  /** How often live sockets' sessions are checked (sign-out, suspension close them). */
  authRecheckMs: number;
};

type Client = {
  ws: WebSocket;
  user: TopicUser;
  subs: Map<string, Subscription>;
  alive: boolean;
  /** Set when the socket closes (or is being closed): its queued work is skipped. */
  closed: boolean;
  /** Frames of one socket, and re-checks of its rights, are handled in order. */
  queue: Promise<void>;
};
type Subscription = { client: Client; topic: string; cursor: number };
/** A topic this process has subscribers for: its delivery cursor and one ordered task queue. */
type Stream = { topic: string; cursor: number; subs: Set<Subscription>; chain: Promise<void>; pending: number };

const REPLAY_PAGE = 500;
const SWEEP_LIMIT = 5000;
/**
 * The heartbeat ticks this often (or ten times an interval, when that is shorter), each tick
 * pinging its share of the sockets. A ping is a write system call: a tenth of 12,000 sockets
 * pinged at once held the event loop long enough to show in the messages' p99.
 */
const HEARTBEAT_TICK_MS = 100;
/**
 * The sweep's ticks a period, each reading its share of the turn through every topic: the whole
 * period's 1,000 topics in one query took 4–24 ms every 2 s, and half of the messages over the
 * p99 arrived in the 200 ms around it.
 */
const SWEEP_TICKS = 8;
/** A client this far behind is dropped; it resumes with last_event_id. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const CLOSE_UNAUTHENTICATED = 4401;
const CLOSE_CROSS_SITE = 4403;
/** A socket that floods the server (too many frames waiting, or too fast). */
const CLOSE_POLICY = 1008;
/** How long a socket closed for flooding may take to answer the close before it is cut. */
const CLOSE_GRACE_MS = 1000;

/**
 * The /realtime WebSocket. Sockets subscribe to topics (authorized on every subscribe); stored
 * events reach them from the bus after commit, in id order, each once — replayed from the
 * events table after `last_event_id`, then live. A missed publish (a gap in `prev`, a crashed
 * publisher, a Redis outage) is repaired from the table, by the gap check or the periodic sweep.
 */
export class RealtimeHub {
  private clients = new Set<Client>();
  private streams = new Map<string, Stream>();
  private timers: NodeJS.Timeout[] = [];
  private sweeping = false;
  /** Each socket pinged once a heartbeat, a share of them a tick. */
  private readonly heartbeatTurn: TickTurn<Client>;
  private readonly heartbeatTickMs: number;
  private readonly rightsWatch: RightsWatch;
  private watchingRights = false;
  /** Looks at the rights changes so far: a socket whose session was read during one is re-checked. */
  private rightsLooks = 0;
  private closed = false;

  private readonly sweepPlan: SweepPlan;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: HubOptions,
  ) {
    this.sweepPlan = new SweepPlan(ctx.db, SWEEP_TICKS);
    const heartbeat = ticksOf(options.heartbeatMs, HEARTBEAT_TICK_MS);
    this.heartbeatTurn = new TickTurn(heartbeat.ticks);
    this.heartbeatTickMs = heartbeat.tickMs;
    this.rightsWatch = new RightsWatch(ctx.db);
  }

  get connectionCount(): number {
    return this.clients.size;
  }
  /** Bytes written to this process's sockets and not yet sent. */
  get bufferedBytes(): number {
    let bytes = 0;
    for (const client of this.clients) bytes += client.ws.bufferedAmount;
    return bytes;
  }
  get busName(): string {
    return this.ctx.bus.name;
  }
  get busOk(): boolean {
    return this.ctx.bus.ok;
  }
  /** What the hub holds for its sockets (a closed socket leaves nothing behind). */
  get registry(): { clients: number; streams: number; subscriptions: number } {
    let subscriptions = 0;
    for (const stream of this.streams.values()) subscriptions += stream.subs.size;
    for (const client of this.clients) subscriptions += client.subs.size;
    return { clients: this.clients.size, streams: this.streams.size, subscriptions };
  }

  async register(app: FastifyInstance): Promise<void> {
    const { bus, db } = this.ctx;
    await this.rightsWatch.start();
    setEventPublisher(db, (events) => bus.publish({ kind: "events", events }));
    bus.subscribe((message, publishedAt) => {
      this.ctx.metrics.observeBusReceipt(bus.name, message, publishedAt);
      this.onBusMessage(message);
    });
    bus.onReconnect(() => void this.sweep(true));
    this.timers.push(
      setInterval(() => this.heartbeat(), this.heartbeatTickMs),
      setInterval(() => void this.sweep(), this.options.sweepMs / SWEEP_TICKS),
      setInterval(() => void this.watchRights(), this.options.authRecheckMs),
    );
    for (const t of this.timers) t.unref();

    app.get(REALTIME_PATH, { websocket: true }, (ws, req) => this.accept(ws, req));
  }

  closeAll(): void {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    setEventPublisher(this.ctx.db, null);
    for (const client of this.clients) client.ws.close(1001, "server shutting down");
  }

  // ---- connections ----

  private accept(ws: WebSocket, req: FastifyRequest): void {
    // Listeners go on at once: frames sent before authentication finishes wait in the queue,
    // within the socket's inbound budget; a socket over it is closed and its waiting work skipped.
    let client: Client | null = null;
    let ended = false;
    const budget = new InboundBudget();
    const looksBefore = this.rightsLooks;
    const authenticated = this.authenticate(ws, req).then((user) => {
      if (!user || ended) return;
      client = { ws, user, subs: new Map(), alive: true, closed: false, queue: Promise.resolve() };
      this.clients.add(client);
      this.send(client, { type: "hello", user_id: user.id });
      // A look at the rights changes that ended while the session was read did not see this socket.
      if (this.rightsLooks !== looksBefore) this.revalidate(client);
    });
    ws.on("pong", () => client && (client.alive = true));
    ws.on("message", (raw, isBinary) => {
      if (ended) return;
      if (!budget.admit()) {
        ended = true;
        if (client) this.drop(client);
        ws.close(CLOSE_POLICY, "too many frames");
        setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
        return;
      }
      void authenticated.then(() => {
        const c = client;
        if (!c || c.closed) return budget.done();
        c.alive = true;
        c.queue = c.queue
          .then(() => (c.closed ? undefined : this.onFrame(c, isBinary ? null : (raw as Buffer).toString())))
          .catch((err) => {
            this.ctx.log.error({ err }, "realtime: frame failed");
            this.sendError(c, "INTERNAL", "Something went wrong. Try again.");
          })
          .finally(() => budget.done());
      });
    });
    ws.on("close", () => {
      ended = true;
      void authenticated.then(() => client && this.drop(client));
    });
    ws.on("error", () => ws.terminate());
  }

  private async authenticate(ws: WebSocket, req: FastifyRequest): Promise<TopicUser | null> {
    const usesCookie = !req.headers.authorization;
    if (usesCookie && isForeignOrigin(req.headers.origin, req.headers.host, this.ctx.config)) {
      ws.close(CLOSE_CROSS_SITE, "cross-site");
      return null;
    }
    let user;
    try {
      user = await this.ctx.auth.current(req);
    } catch {
      user = null; // TOKEN_EXPIRED: the client refreshes, then reconnects
    }
    if (!user || this.closed) {
      ws.close(CLOSE_UNAUTHENTICATED, "unauthenticated");
      return null;
    }
    return { id: user.id, role: user.role, sessionId: user.sessionId };
  }

  private drop(client: Client): void {
    client.closed = true;
    this.clients.delete(client);
    for (const sub of client.subs.values()) this.detach(sub);
    client.subs.clear();
  }

  /**
   * One slice of the heartbeat: each socket is visited once a heartbeat (pinged, or cut when it
   * did not answer the last ping), an equal share of them a tick: 300 ticks a turn at the default
   * 30 s, so 40 pings a tick for 12,000 sockets, where a tenth of them at once held the loop. A
   * turn begins every heartbeat, never sooner: with 3 sockets it visits them in its first 3
   * ticks and then waits, so each socket always has a whole heartbeat to answer.
   */
  private heartbeat(): void {
    for (const client of this.heartbeatTurn.next(() => [...this.clients])) {
      if (client.closed || !this.clients.has(client)) continue;
      if (!client.alive) {
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      if (client.ws.readyState === WebSocket.OPEN) client.ws.ping();
    }
  }

  /**
   * The safety net behind `publishRightsChanged`: re-checks the sockets of each user whose rights
   * a write may have changed since the last look, and of each session that expired since (a
   * signed-out, expired or suspended session's sockets close; a changed role's topics are
   * checked again). Only while sockets are open; a look still reading makes the next tick wait.
   */
  private async watchRights(): Promise<void> {
    if (this.clients.size === 0 || this.watchingRights) return;
    this.watchingRights = true;
    try {
      const { users, expiredSessions } = await this.rightsWatch.changes();
      this.rightsLooks++;
      if (users.size === 0 && expiredSessions.size === 0) return;
      for (const client of [...this.clients]) {
        if (!client.closed && (users.has(client.user.id) || expiredSessions.has(client.user.sessionId))) this.revalidate(client);
      }
    } catch (err) {
      this.ctx.log.warn({ err }, "realtime: rights watch failed");
    } finally {
      this.watchingRights = false;
    }
  }

  /** A user's rights changed: each of their sockets re-checks its session and topics, in its frame order. */
  private onRightsChanged(userId: string): void {
    for (const client of this.clients) if (client.user.id === userId) this.revalidate(client);
  }

  /**
   * Re-checks at once (frames waiting in the socket's queue do not delay it), and again after the
   * frames queued before the change, which may have read the rights as they were.
   */
  private revalidate(client: Client): void {
    const recheck = () => this.recheckRights(client).catch((err) => this.ctx.log.warn({ err }, "realtime: rights re-check failed"));
    void recheck();
    client.queue = client.queue.then(recheck);
  }

  private async recheckRights(client: Client): Promise<void> {
    if (client.closed) return;
    const user = await reloadTopicUser(this.ctx.db, client.user);
    if (client.closed) return;
    if (!user) return this.endSession(client);
    client.user = user;
    for (const sub of [...client.subs.values()]) {
      if (await mayAccessTopic(this.ctx.db, user, sub.topic)) continue;
      if (client.closed || client.subs.get(sub.topic) !== sub) continue;
      client.subs.delete(sub.topic);
      this.detach(sub);
      this.sendError(client, "TOPIC_FORBIDDEN", "You may no longer see this topic.", sub.topic);
    }
  }

  /** Stops its events at once, then closes with 4401 after an error frame saying why (the tab shows it on /auth). */
  private endSession(client: Client): void {
    if (client.closed) return;
    this.drop(client);
    void endedSessionError(this.ctx.db, { sessionId: client.user.sessionId })
      .then(
        (err) => err.message,
        () => SESSION_ENDED_TEXT,
      )
      .then((reason) => {
        this.sendError(client, "UNAUTHENTICATED", reason);
        client.ws.close(CLOSE_UNAUTHENTICATED, "session ended");
      });
  }

  // ---- frames ----

  private async onFrame(client: Client, raw: string | null): Promise<void> {
    let json: unknown;
    try {
      json = raw === null ? undefined : JSON.parse(raw);
    } catch {
      json = undefined;
    }
    const parsed = clientFrame.safeParse(json);
    if (!parsed.success) {
      const topic = (json as { topic?: unknown } | undefined)?.topic;
      if ((json as { type?: unknown } | undefined)?.type === "subscribe" && typeof topic === "string") {
        return this.sendError(client, "TOPIC_FORBIDDEN", "You may not subscribe to this topic.", topic.slice(0, 100));
      }
      return this.sendError(client, "BAD_FRAME", "Send JSON: subscribe, unsubscribe or ping.");
    }
    const frame = parsed.data;
    if (frame.type === "ping") return this.send(client, { type: "pong" });
    if (frame.type === "unsubscribe") {
      const sub = client.subs.get(frame.topic);
      if (sub) {
        client.subs.delete(frame.topic);
        this.detach(sub);
      }
      return this.send(client, { type: "unsubscribed", topic: frame.topic });
    }
    await this.subscribe(client, frame.topic, frame.last_event_id);
  }

  private async subscribe(client: Client, topic: string, lastEventId: number | undefined): Promise<void> {
    if (!client.subs.has(topic) && client.subs.size >= REALTIME_MAX_SUBSCRIPTIONS) {
      return this.sendError(client, "TOO_MANY_SUBSCRIPTIONS", `At most ${REALTIME_MAX_SUBSCRIPTIONS} topics per connection.`, topic);
    }
    const user = await reloadTopicUser(this.ctx.db, client.user);
    if (client.closed) return;
    if (!user) return this.endSession(client);
    client.user = user;
    const allowed = await mayAccessTopic(this.ctx.db, user, topic);
    if (client.closed) return; // closed meanwhile: nothing may outlive the socket
    if (!allowed) return this.sendError(client, "TOPIC_FORBIDDEN", "You may not subscribe to this topic.", topic);
    const previous = client.subs.get(topic);
    if (previous) this.detach(previous);
    const sub: Subscription = { client, topic, cursor: 0 };
    client.subs.set(topic, sub);

    const stream = this.streamFor(topic);
    stream.pending++;
    await this.enqueue(stream, async () => {
      stream.pending--;
      if (client.subs.get(topic) !== sub) return this.releaseIfIdle(stream); // unsubscribed or closed meanwhile
      this.send(client, { type: "subscribed", topic, last_event_id: stream.cursor });
      if (lastEventId !== undefined && lastEventId < stream.cursor) {
        let cursor = lastEventId;
        for (;;) {
          const page = await eventsAfter(this.ctx.db, topic, cursor, REPLAY_PAGE);
          for (const event of page) {
            if (event.id > stream.cursor) break;
            this.sendRaw(client, eventFrame(event));
            cursor = event.id;
          }
          if (page.length < REPLAY_PAGE || cursor >= stream.cursor) break;
        }
      }
      sub.cursor = stream.cursor;
      stream.subs.add(sub);
    });
  }

  private sendError(client: Client, code: RealtimeErrorCode, message: string, topic?: string): void {
    this.send(client, { type: "error", code: REALTIME_ERROR_CODES[code], message, ...(topic ? { topic } : {}) });
  }

  private send(client: Client, frame: ServerFrame): void {
    this.sendRaw(client, JSON.stringify(frame));
  }

  private sendRaw(client: Client, data: string): void {
    const { ws } = client;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      ws.terminate();
      return;
    }
    ws.send(data);
  }

  // ---- streams ----

  private streamFor(topic: string): Stream {
    let stream = this.streams.get(topic);
    if (stream) return stream;
    const created: Stream = { topic, cursor: 0, subs: new Set(), chain: Promise.resolve(), pending: 0 };
    this.streams.set(topic, created);
    void this.enqueue(created, async () => {
      created.cursor = await lastEventId(this.ctx.db, topic);
    });
    stream = created;
    return stream;
  }

  private detach(sub: Subscription): void {
    const stream = this.streams.get(sub.topic);
    if (!stream) return;
    stream.subs.delete(sub);
    this.releaseIfIdle(stream);
  }

  private releaseIfIdle(stream: Stream): void {
    if (stream.subs.size === 0 && stream.pending === 0 && this.streams.get(stream.topic) === stream) this.streams.delete(stream.topic);
  }

  private enqueue(stream: Stream, task: () => Promise<void>): Promise<void> {
    stream.chain = stream.chain.then(task).catch((err) => this.ctx.log.error({ err, topic: stream.topic }, "realtime: stream task failed"));
    return stream.chain;
  }

  private onBusMessage(message: BusMessage): void {
    if (message.kind === "rights") return this.onRightsChanged(message.userId);
    if (message.kind === "ephemeral") {
      const stream = this.streams.get(message.topic);
      if (!stream) return;
      const frame = JSON.stringify({ type: "event", id: null, topic: message.topic, event: message.type, payload: message.payload });
      for (const sub of stream.subs) this.sendRaw(sub.client, frame);
      return;
    }
    for (const [topic, events] of groupByTopic(message.events)) {
      const stream = this.streams.get(topic);
      if (stream) void this.enqueue(stream, () => this.ingest(stream, events));
    }
  }

  /** Delivers events in id order; a `prev` beyond the cursor means a missed event: read the table. */
  private async ingest(stream: Stream, events: EventRow[]): Promise<void> {
    for (const event of events) {
      if (event.id <= stream.cursor) continue;
      if (event.prev > stream.cursor) {
        for (;;) {
          const missed = await eventsAfter(this.ctx.db, stream.topic, stream.cursor, REPLAY_PAGE);
          for (const m of missed) this.deliver(stream, m);
          if (missed.length < REPLAY_PAGE) break;
        }
        if (event.id <= stream.cursor) continue;
      }
      this.deliver(stream, event);
    }
  }

  private deliver(stream: Stream, event: EventRow): void {
    if (event.id <= stream.cursor) return;
    stream.cursor = event.id;
    if (stream.subs.size === 0) return;
    const frame = eventFrame(event);
    for (const sub of stream.subs) {
      if (event.id <= sub.cursor) continue;
      sub.cursor = event.id;
      this.sendRaw(sub.client, frame);
    }
  }

  /** Reads what was committed for the topics served here but never arrived (`SweepPlan` says which); `full` after the bus reconnects. */
  private async sweep(full = false): Promise<void> {
    if (this.sweeping || this.streams.size === 0) return;
    this.sweeping = true;
    try {
      const cursors = await this.sweepPlan.cursors(this.streams, full);
      if (cursors.length === 0) return;
      const found = await eventsAfterCursors(this.ctx.db, cursors, SWEEP_LIMIT);
      for (const [topic, events] of groupByTopic(found)) {
        const stream = this.streams.get(topic);
        if (stream) void this.enqueue(stream, () => this.ingest(stream, events));
      }
    } catch (err) {
      this.ctx.log.warn({ err }, "realtime: sweep failed");
    } finally {
      this.sweeping = false;
    }
  }
}

function eventFrame(event: EventRow): string {
  return JSON.stringify({ type: "event", id: event.id, topic: event.topic, event: event.type, payload: event.payload });
}

function groupByTopic(events: EventRow[]): Map<string, EventRow[]> {
  const byTopic = new Map<string, EventRow[]>();
  for (const e of [...events].sort((a, b) => a.id - b.id)) {
    const list = byTopic.get(e.topic) ?? [];
    list.push(e);
    byTopic.set(e.topic, list);
  }
  return byTopic;
}
