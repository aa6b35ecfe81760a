/*
 * An order's roles and list views, and the notification types, apart from the schemas in
 * schemas/orders.ts, so that a screen needing only these does not load zod and build the schemas
 * (importing a schema module builds all of them).
 */

export const ORDER_ROLES = ["creator", "merchant", "buyer", "seller"] as const;

/** Whose orders a list shows: the ones the caller created (/order) or took as merchant (/merchant-orders). */
export const ORDER_LIST_ROLES = ["creator", "merchant"] as const;
export type OrderListRole = (typeof ORDER_LIST_ROLES)[number];

export const NOTIFICATION_TYPES = [
  "new_message",
  "group_new_message",
  "order_update",
  "order_completed",
  "order_cancelled",
  "live_chat_request",
  "admin_feedback",
  "merchant_application",
  "price_update",
  "new_open_request",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
