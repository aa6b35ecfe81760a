import type { NotificationType } from "../orders/constants.js";
import type { RealtimeEvent, RealtimeEventMap } from "./events.js";
import { ADMIN_QUEUES, type AdminQueue, type RealtimeEventName } from "./names.js";

/**
 * What each realtime event changes on a client, in the client's own words: named views of server
 * state (the dashboard's tiles, the wallet, one order …), some with the id the payload gives. The
 * web maps each view to its query keys (features/realtime/view-keys.ts) and its realtime provider
 * refreshes them for every event that arrives, so a screen that reads server state through those
 * keys follows every change. Types only and plain functions: no zod.
 */
export type CacheView =
  | { view: "session" }
  | { view: "dashboard" }
  | { view: "profile" }
  | { view: "wallet" }
  | { view: "history" }
  | { view: "coins" }
  | { view: "offers" }
  | { view: "orderLists" }
  | { view: "order"; id: string }
  | { view: "appeals" }
  | { view: "marketplace" }
  | { view: "chatList" }
  | { view: "chat"; id: string }
  | { view: "merchantChat" }
  | { view: "liveChatMine" }
  | { view: "liveChat"; id: string }
  | { view: "liveChatAdmin" }
  | { view: "notifications" }
  | { view: "complaints" }
  | { view: "merchantApplication" }
  /** The counts on the navigation (GET /api/badges): every event that changes a count names it. */
  | { view: "badges" }
  /** The coins' networks (GET /api/networks) and what each shows a depositor (minimum, confirmations). */
  | { view: "networks" }
  | { view: "adminQueue"; queue: AdminQueue | "appeals" };

export type CacheViewName = CacheView["view"];

/** Who receives the event: some effects depend on whether the change was the receiver's own. */
export type CacheEffectContext = { userId: string };

type Effects<E extends RealtimeEventName> = (payload: RealtimeEventMap[E], context: CacheEffectContext) => readonly CacheView[];

const view = <V extends Exclude<CacheViewName, "order" | "chat" | "liveChat" | "adminQueue">>(name: V) => ({ view: name }) as CacheView;

/** An order moved: its page, every list it is in, and what it moves (balances, tiles, offers' available amounts). */
function orderChanged(orderId: string | null): CacheView[] {
  return [
    ...(orderId ? [{ view: "order", id: orderId } as const] : []),
    view("orderLists"),
    view("dashboard"),
    view("profile"),
    view("wallet"),
    view("history"),
    view("offers"),
    view("chatList"),
    view("appeals"),
    view("badges"),
  ];
}

/** A notification's own views (the list, the unread counts), and what its type says has changed. */
const NOTIFICATION_EFFECTS: Record<NotificationType, (orderId: string | null) => CacheView[]> = {
  // Order chat messages carry their order; support's replies (live chat) carry none.
  new_message: (orderId) => (orderId ? [view("chatList"), { view: "chat", id: orderId }] : [view("liveChatMine")]),
  group_new_message: () => [view("badges")],
  order_update: orderChanged,
  order_completed: orderChanged,
  order_cancelled: orderChanged,
  live_chat_request: () => [view("liveChatAdmin")],
  // An admin decided something of the receiver's: a deposit or withdrawal, a complaint, an appeal,
  // the role or a suspension, a closed support chat.
  admin_feedback: (orderId) => [
    view("session"),
    view("wallet"),
    view("history"),
    view("dashboard"),
    view("complaints"),
    view("liveChatMine"),
    ...orderChanged(orderId),
  ],
  merchant_application: () => [view("session"), view("merchantApplication")],
  price_update: () => [view("coins"), view("offers"), view("dashboard")],
  new_open_request: () => [view("marketplace"), view("badges")],
};

/**
 * Every event type's effects; the mapped type makes a missing one a compile error, and
 * cache-effects.test.ts checks the table at run time against REALTIME_EVENTS.
 */
export const REALTIME_CACHE_EFFECTS: { [E in RealtimeEventName]: Effects<E> } = {
  "order.updated": (p) => orderChanged(p.order_id),
  "order.changed": (p) => orderChanged(p.order_id),
  // A system notice or a payment proof in the chat changes the order page too.
  "chat.message": (p) => [
    { view: "chat", id: p.order_id },
    view("chatList"),
    view("badges"),
    ...(p.kind === "text" ? [] : [{ view: "order", id: p.order_id } as const]),
  ],
  "chat.read": (p) => [{ view: "chat", id: p.order_id }, view("chatList"), view("badges")],
  // Typing is shown by the chat itself and changes nothing stored.
  "chat.typing": () => [],
  "notification.created": (p) => [view("notifications"), view("badges"), ...NOTIFICATION_EFFECTS[p.type](p.order_id)],
  "notifications.read": () => [view("notifications"), view("badges")],
  "merchant_chat.message": (p, me) => [view("merchantChat"), ...(p.sender_id === me.userId ? [] : [view("badges")])],
  // A read on another tab or device: the chat list's per-chat counts. The counts themselves come
  // in the payload, which the client shows as they are (no second read of GET /api/badges).
  "badges.changed": () => [view("chatList")],
  "live_chat.message": (p) => [{ view: "liveChat", id: p.session_id }, view("liveChatMine"), view("liveChatAdmin"), view("badges")],
  "live_chat.session": (p) => [{ view: "liveChat", id: p.id }, view("liveChatMine"), view("liveChatAdmin"), view("badges")],
  "appeal.opened": (p) => [{ view: "adminQueue", queue: "appeals" }, ...orderChanged(p.order_id)],
  "admin.queue_changed": (p) => [{ view: "adminQueue", queue: p.queue }, view("badges")],
  "rating.received": () => [view("dashboard"), view("profile")],
  "marketplace.changed": () => [view("marketplace"), view("badges")],
  "offers.changed": () => [view("coins"), view("offers"), view("dashboard")],
  // A chain deposit's confirmations or status: the wallet's deposit list and balances, the history, the tiles.
  "deposit.changed": () => [view("wallet"), view("history"), view("dashboard")],
  "networks.changed": () => [view("networks")],
  // A listing or a fee rate: every screen that shows the coins, their prices with fees, or an order's fee.
  "coins.changed": () => [view("coins"), view("offers"), view("marketplace"), view("dashboard")],
};

/** The views one event changes, for the client that received it. */
export function cacheEffectsOf(event: RealtimeEvent, context: CacheEffectContext): readonly CacheView[] {
  // The table is keyed by the event's own name, so the payload is the one its function takes.
  const effects = REALTIME_CACHE_EFFECTS[event.event] as (payload: unknown, context: CacheEffectContext) => readonly CacheView[];
  return effects(event.payload, context);
}

/** The tab-wide topics: each signed-in tab follows its own user topic and those its role opens. */
export type StandingTopic = "user" | "merchants" | "admin" | "market";

/**
 * What a topic followed for the first time makes a tab read again. Its events start from the
 * server's current id, so whatever changed while the screens were loading (the first page load
 * and the socket's first subscription run side by side) would otherwise be missed until a poll.
 * Started from the session read's cursor instead, its events after the cursor are replayed, and
 * only what was read before the cursor is read again (apps/web/src/lib/realtime-resume.ts).
 */
export const TOPIC_START_EFFECTS: { readonly [T in StandingTopic]: readonly CacheView[] } = {
  user: [
    view("notifications"),
    view("badges"),
    view("orderLists"),
    view("dashboard"),
    view("profile"),
    view("wallet"),
    view("chatList"),
    view("liveChatMine"),
  ],
  merchants: [view("marketplace"), view("merchantChat"), view("badges")],
  admin: [...[...ADMIN_QUEUES, "appeals" as const].map((queue) => ({ view: "adminQueue", queue }) as const), view("liveChatAdmin")],
  market: [view("coins"), view("offers"), view("dashboard"), view("networks")],
};
