/**
 * The /realtime WebSocket's path and names (docs/API.md), apart from the frame schemas in
 * schemas/realtime.ts, so that a client needing only a name does not load and build the schemas.
 * Topics: `user:<id>` (own notifications, badges and ratings received), `order:<id>` (status and
 * chat: participants and admins), `merchants` (group chat and open requests: merchants and admins), `live-chat:<id>` (its owner and
 * admins), `admin` (admins: new live-chat sessions, new appeals), `market` (every signed-in person: a merchant changed
 * an offer's prices or went on or offline); built by realtime/topics.ts.
 */
export const REALTIME_PATH = "/realtime";
export const REALTIME_MAX_SUBSCRIPTIONS = 200;

/** Event names, by topic. Ephemeral events (typing) carry id null and are never replayed. */
export const REALTIME_EVENTS = {
  orderUpdated: "order.updated",
  chatMessage: "chat.message",
  chatRead: "chat.read",
  chatTyping: "chat.typing",
  notificationCreated: "notification.created",
  notificationsRead: "notifications.read",
  /** The caller read a conversation: the fresh counts of GET /api/badges, for every tab and device. */
  badgesChanged: "badges.changed",
  orderChanged: "order.changed",
  merchantChatMessage: "merchant_chat.message",
  liveChatMessage: "live_chat.message",
  liveChatSession: "live_chat.session",
  appealOpened: "appeal.opened",
  adminQueueChanged: "admin.queue_changed",
  ratingReceived: "rating.received",
  marketplaceChanged: "marketplace.changed",
  /** A merchant's offer changed what traders see (prices, online): Listed Coins, Price, the offers lists. */
  offersChanged: "offers.changed",
  /** The chain watcher found, confirmed further, credited or dropped one of the receiver's deposits ("Confirming n of N"). */
  depositChanged: "deposit.changed",
  /** An admin changed or added a coin's network (minimum, fee, switches …): deposit and withdrawal screens read again. */
  networksChanged: "networks.changed",
  /** An admin listed or unlisted a coin or changed its fee rate: Listed Coins, Price, the offers lists and order forms read again. */
  coinsChanged: "coins.changed",
} as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];

/** The admins' work queues whose pending rows a person's action changed (the panel reloads that queue). */
export const ADMIN_QUEUES = ["deposits", "withdrawals", "complaints", "merchant_applications", "admin_proposals"] as const;
export type AdminQueue = (typeof ADMIN_QUEUES)[number];
