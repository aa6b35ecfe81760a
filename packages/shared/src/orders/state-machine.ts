/**
 * The order state machine of DESIGN §3, as data: the server enforces it with compare-and-set
 * updates, the web reads it to show exactly the actions a caller may take.
 */
export const ORDER_STATUSES = [
  "pending",
  "matched",
  "in_progress",
  "confirmed",
  "completed",
  "cancelled",
  "disputed",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

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
  /** What happens to the escrow in the same transaction. */
  escrow?: "lock" | "release" | "refund";
};

export const TRANSITIONS: readonly Transition[] = [
  { action: "accept", from: ["pending"], to: "matched", by: ["merchant"], escrow: "lock" },
  { action: "mark_paid", from: ["matched"], to: "in_progress", by: ["buyer"] },
  // Confirmed and completed commit together: the seller's confirmation releases the escrow.
  { action: "confirm_payment", from: ["in_progress"], to: "completed", by: ["seller"], escrow: "release" },
  { action: "cancel", from: ["pending"], to: "cancelled", by: ["creator", "merchant"], escrow: "refund" },
  { action: "cancel", from: ["matched"], to: "cancelled", by: ["buyer"], escrow: "refund" },
  { action: "open_appeal", from: ["in_progress"], to: "disputed", by: ["buyer", "seller"] },
  { action: "withdraw_appeal", from: ["disputed"], to: "in_progress", by: ["appellant"] },
  { action: "resolve_release", from: ["disputed"], to: "completed", by: ["admin"], escrow: "release" },
  { action: "resolve_refund", from: ["disputed"], to: "cancelled", by: ["admin"], escrow: "refund" },
  { action: "expire_acceptance", from: ["pending"], to: "cancelled", by: ["system"], escrow: "refund" },
  { action: "expire_payment", from: ["matched"], to: "cancelled", by: ["system"], escrow: "refund" },
  { action: "expire_confirmation", from: ["in_progress"], to: "disputed", by: ["system"] },
];

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

/** The notice for a status change (spec §4), sent to the participants other than the one who acted. */
export function statusNotice(status: string): string {
  switch (status) {
    case "pending":
      return "Your order is now pending";
    case "matched":
      return "Your order has been matched with a trader";
    case "in_progress":
      return "Your trade is now in progress";
    case "confirmed":
      return "Your order has been confirmed by the merchant";
    case "completed":
      return "Your order has been completed successfully";
    case "cancelled":
      return "Your order has been cancelled";
    case "disputed":
      return "Your order is under dispute review";
    default:
      return `Your order status changed to ${status}`;
  }
}

export function stepNotice(step: number): string {
  return `Your trade has progressed to step ${step} of 5`;
}
