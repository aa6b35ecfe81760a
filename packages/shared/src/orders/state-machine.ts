import { msg } from "../i18n/languages.js";

/**
 * The order state machine of DESIGN §3, as data: the server enforces it with compare-and-set
 * updates, the web reads it to show exactly the actions a caller may take.
 */
export const ORDER_STATUSES = ["pending", "matched", "in_progress", "confirmed", "completed", "cancelled", "disputed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Each status's name where a screen names the status itself (the admin's user panel, the dashboard's recent activity). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: msg("Pending"),
  matched: msg("Matched"),
  in_progress: msg("In progress"),
  confirmed: msg("Confirmed"),
  completed: msg("Completed"),
  cancelled: msg("Cancelled"),
  disputed: msg("Disputed"),
};

/**
 * The same statuses in the trader's words, on the trade's own screens (the order page, the order
 * lists, the tickets): a buyer sees "Paid" rather than "In progress", and "Under appeal" rather than
 * "Disputed", because those say what happened in their trade. Deliberately different from
 * ORDER_STATUS_LABELS; both are English keys, translated with t() where shown.
 */
export const ORDER_STATUS_TRADE_LABELS: Record<OrderStatus, string> = {
  ...ORDER_STATUS_LABELS,
  in_progress: msg("Paid"),
  disputed: msg("Under appeal"),
};

/** current_step per status; cancelled and disputed keep the step they were reached from. */
export const STATUS_STEP: Partial<Record<OrderStatus, number>> = {
  pending: 1,
  matched: 2,
  in_progress: 3,
  confirmed: 4,
  completed: 5,
};

export const TERMINAL_STATUSES: readonly OrderStatus[] = ["completed", "cancelled"];
export const OPEN_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => !TERMINAL_STATUSES.includes(s));

/** Who may act, relative to the order: its parties, any online merchant, an admin, or a timer. */
export type OrderActor = "creator" | "merchant" | "buyer" | "seller" | "appellant" | "admin" | "system";

export const ORDER_ACTIONS = [
  "accept",
  "mark_paid",
  "confirm_payment",
  "cancel",
  "open_appeal",
  "withdraw_appeal",
  "resolve_release",
  "resolve_refund",
  "expire_acceptance",
  "expire_payment",
  "expire_confirmation",
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export type Transition = {
  action: OrderAction;
  from: readonly OrderStatus[];
  to: OrderStatus;
  by: readonly OrderActor[];
  /** What happens to the escrow in the same transaction (lock: only if not locked at creation). */
  escrow?: "lock" | "release" | "refund";
  /** Allowed only while this window runs: once it ends the timer's transition wins. */
  within?: "acceptance" | "payment";
};

export const TRANSITIONS: readonly Transition[] = [
  { action: "accept", from: ["pending"], to: "matched", by: ["merchant"], escrow: "lock", within: "acceptance" },
  { action: "mark_paid", from: ["matched"], to: "in_progress", by: ["buyer"], within: "payment" },
  // Confirmed and completed commit together: the seller's confirmation releases the escrow.
  { action: "confirm_payment", from: ["in_progress"], to: "completed", by: ["seller"], escrow: "release" },
  // When an admin suspends an account, the system (neither party) cancels its unpaid orders and
  // opens an appeal on its paid ones.
  { action: "cancel", from: ["pending"], to: "cancelled", by: ["creator", "merchant", "system"], escrow: "refund" },
  { action: "cancel", from: ["matched"], to: "cancelled", by: ["buyer", "system"], escrow: "refund" },
  { action: "open_appeal", from: ["in_progress"], to: "disputed", by: ["buyer", "seller", "system"] },
  { action: "withdraw_appeal", from: ["disputed"], to: "in_progress", by: ["appellant"] },
  { action: "resolve_release", from: ["disputed"], to: "completed", by: ["admin"], escrow: "release" },
  { action: "resolve_refund", from: ["disputed"], to: "cancelled", by: ["admin"], escrow: "refund" },
  { action: "expire_acceptance", from: ["pending"], to: "cancelled", by: ["system"], escrow: "refund" },
  { action: "expire_payment", from: ["matched"], to: "cancelled", by: ["system"], escrow: "refund" },
  { action: "expire_confirmation", from: ["in_progress"], to: "disputed", by: ["system"] },
];

/**
 * The statuses an order can be found in: the one it starts in and those a transition leaves it in.
 * "confirmed" is not one: the confirmation and the release commit together (→ completed).
 */
export const RESTING_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => s === "pending" || TRANSITIONS.some((t) => t.to === s));

/** The transition an actor may take from a status, or undefined when it is not allowed. */
export function findTransition(action: OrderAction, from: OrderStatus, actors: readonly OrderActor[]): Transition | undefined {
  return TRANSITIONS.find((t) => t.action === action && t.from.includes(from) && t.by.some((a) => actors.includes(a)));
}

/** Every action the given actors may take on an order in this status (for the order page's buttons). */
export function allowedActions(status: OrderStatus, actors: readonly OrderActor[]): OrderAction[] {
  return [...new Set(TRANSITIONS.filter((t) => t.from.includes(status) && t.by.some((a) => actors.includes(a))).map((t) => t.action))];
}

/** The statuses an action may start from, for the compare-and-set UPDATE … WHERE status = ANY(…). */
export function statusesAllowing(action: OrderAction): OrderStatus[] {
  return [...new Set(TRANSITIONS.filter((t) => t.action === action).flatMap((t) => t.from))];
}

/** The notice of each status change (spec §4), sent to the participants other than the one who acted. */
export const STATUS_NOTICES: Record<OrderStatus, string> = {
  pending: msg("Your order is now pending"),
  matched: msg("Your order has been matched with a trader"),
  in_progress: msg("Your trade is now in progress"),
  confirmed: msg("Your order has been confirmed by the merchant"),
  completed: msg("Your order has been completed successfully"),
  cancelled: msg("Your order has been cancelled"),
  disputed: msg("Your order is under dispute review"),
};

/** The transitions of one action (cancel has two: pending by creator or merchant, matched by buyer). */
export function transitionsFor(action: OrderAction): Transition[] {
  return TRANSITIONS.filter((t) => t.action === action);
}

/** True when these actors may take the action from some status: a wrong status is a conflict, not a refusal. */
export function mayEverTake(action: OrderAction, actors: readonly OrderActor[]): boolean {
  return transitionsFor(action).some((t) => t.by.some((a) => actors.includes(a)));
}

/** The window running in each status, ended by the timer action named here (DESIGN §3). */
export const ORDER_WINDOWS = {
  pending: { window: "acceptance", expiry: "expire_acceptance" },
  matched: { window: "payment", expiry: "expire_payment" },
  in_progress: { window: "confirmation", expiry: "expire_confirmation" },
} as const satisfies Partial<Record<OrderStatus, { window: string; expiry: OrderAction }>>;
export type OrderWindow = (typeof ORDER_WINDOWS)[keyof typeof ORDER_WINDOWS]["window"];

/** Actions people take by hand (the timers' expire_* actions are the system's). */
export const PERSON_ACTIONS: readonly OrderAction[] = ORDER_ACTIONS.filter((a) => !a.startsWith("expire_"));

/** Who may take each action, in words, for a caller who never may. */
export const ACTION_REFUSALS: Record<OrderAction, string> = {
  accept: msg("Only a merchant trading this coin can accept this order."),
  mark_paid: msg("Only the buyer can mark the payment as sent."),
  confirm_payment: msg("Only the seller can confirm that the payment arrived."),
  cancel: msg("You cannot cancel this order."),
  open_appeal: msg("Only the buyer or the seller can appeal this order."),
  withdraw_appeal: msg("Only the person who opened the appeal can withdraw it."),
  resolve_release: msg("Only an admin can resolve an appeal."),
  resolve_refund: msg("Only an admin can resolve an appeal."),
  expire_acceptance: msg("Timers are run by the system."),
  expire_payment: msg("Timers are run by the system."),
  expire_confirmation: msg("Timers are run by the system."),
};

export const ORDER_NOTIFICATION_TYPES = ["order_update", "order_completed", "order_cancelled"] as const;
export type OrderNotificationType = (typeof ORDER_NOTIFICATION_TYPES)[number];

/** The notification type of a status change: completions and cancellations have their own. */
export function notificationTypeFor(status: OrderStatus): OrderNotificationType {
  if (status === "completed") return "order_completed";
  if (status === "cancelled") return "order_cancelled";
  return "order_update";
}

export const NOTIFICATION_TITLES: Record<OrderNotificationType, string> = {
  order_update: msg("Order Update"),
  order_completed: msg("Order Completed"),
  order_cancelled: msg("Order Cancelled"),
};
