import {
  msg,
  ORDER_STATUS_TRADE_LABELS,
  ORDER_STATUSES,
  STATUS_STEP,
  type OrderAction,
  type OrderStatus,
  type OrderWindow,
  type TradeSide,
} from "@p2p/shared";
import { i18n } from "@/i18n/i18n";
import { translateServerText } from "@/i18n/server-text";

/** The moves confirmed in a dialog (action-dialog.tsx) rather than sent at a tap. */
export type DialogAction = Extract<OrderAction, "accept" | "mark_paid" | "confirm_payment" | "cancel" | "open_appeal" | "withdraw_appeal">;
export const DIALOG_ACTIONS: readonly DialogAction[] = ["accept", "mark_paid", "confirm_payment", "cancel", "open_appeal", "withdraw_appeal"];

/**
 * How the web shows the shared state machine (packages/shared/src/orders/state-machine.ts):
 * every map is keyed by its status, action or window type, so a new one fails to compile here.
 * Labels are English keys (msg), translated where they are shown with t().
 */

export type BadgeVariant = "default" | "secondary" | "success" | "warning" | "danger" | "muted";

/** Each status's badge: the trader's words for it (from packages/shared) and its colour. */
export const STATUS_META: Record<OrderStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: ORDER_STATUS_TRADE_LABELS.pending, variant: "warning" },
  matched: { label: ORDER_STATUS_TRADE_LABELS.matched, variant: "secondary" },
  in_progress: { label: ORDER_STATUS_TRADE_LABELS.in_progress, variant: "default" },
  confirmed: { label: ORDER_STATUS_TRADE_LABELS.confirmed, variant: "default" },
  completed: { label: ORDER_STATUS_TRADE_LABELS.completed, variant: "success" },
  cancelled: { label: ORDER_STATUS_TRADE_LABELS.cancelled, variant: "danger" },
  disputed: { label: ORDER_STATUS_TRADE_LABELS.disputed, variant: "warning" },
};

/** The label of each numbered step; statuses without a step (cancelled, disputed) are off the track. */
const STEP_LABEL: Partial<Record<OrderStatus, string>> = {
  pending: msg("Order placed"),
  matched: msg("Merchant accepted"),
  in_progress: msg("Payment sent"),
  confirmed: msg("Payment confirmed"),
  completed: msg("Coins released"),
};

export type ProgressStep = { status: OrderStatus; step: number; label: string };

/** The 5-step track, in step order, straight from STATUS_STEP. */
export const PROGRESS_STEPS: ProgressStep[] = ORDER_STATUSES.flatMap((status) => {
  const step = STATUS_STEP[status];
  return step === undefined ? [] : [{ status, step, label: STEP_LABEL[status] ?? STATUS_META[status].label }];
}).sort((a, b) => a.step - b.step);

export type ActionTone = "primary" | "secondary" | "danger" | "admin";

/** The buttons of the person-driven actions, in the order they are offered. Timer actions have none. */
export const ACTION_UI: Record<OrderAction, { label: string; tone: ActionTone } | null> = {
  accept: { label: msg("Accept order"), tone: "primary" },
  mark_paid: { label: msg("I have paid"), tone: "primary" },
  confirm_payment: { label: msg("Confirm payment & release"), tone: "primary" },
  withdraw_appeal: { label: msg("Withdraw appeal"), tone: "secondary" },
  open_appeal: { label: msg("Open appeal"), tone: "secondary" },
  cancel: { label: msg("Cancel order"), tone: "danger" },
  resolve_release: { label: msg("Resolve in Admin Panel"), tone: "admin" },
  resolve_refund: { label: msg("Resolve in Admin Panel"), tone: "admin" },
  expire_acceptance: null,
  expire_payment: null,
  expire_confirmation: null,
};

const ACTION_ORDER = Object.keys(ACTION_UI) as OrderAction[];

/** The allowed actions that get a button, in ACTION_UI order, with the admin pair shown once. */
export function visibleActions(allowed: readonly OrderAction[]): OrderAction[] {
  const shown = ACTION_ORDER.filter((action) => allowed.includes(action) && ACTION_UI[action] !== null);
  return shown.filter((action) => action !== "resolve_refund" || !shown.includes("resolve_release"));
}

/** The one action the page pins to the bottom of a phone screen. */
export function primaryAction(allowed: readonly OrderAction[]): OrderAction | undefined {
  return visibleActions(allowed).find((action) => ACTION_UI[action]?.tone === "primary");
}

export const WINDOW_TITLE: Record<OrderWindow, string> = {
  acceptance: msg("Time left to accept"),
  payment: msg("Time left to pay"),
  confirmation: msg("Time left to confirm"),
};

/** What happens when the running window ends, in plain words for this viewer. */
export function windowConsequence(window: OrderWindow, side: TradeSide, isCreator: boolean): string {
  switch (window) {
    case "acceptance":
      if (!isCreator) return i18n.t("Accept before the time runs out, or the order is cancelled automatically.");
      return side === "sell"
        ? i18n.t("If no merchant accepts in time, the order is cancelled automatically and your coins go back to your balance.")
        : i18n.t("If no merchant accepts in time, the order is cancelled automatically. Don't pay anything before it is accepted.");
    case "payment":
      return side === "buy"
        ? i18n.t(
            "If you don't mark the payment as sent in time, the order is cancelled and the coins go back to the seller. Don't pay after the time runs out.",
          )
        : i18n.t("If the buyer doesn't mark the payment as sent in time, the order is cancelled and your coins come back to your balance.");
    case "confirmation":
      return side === "sell"
        ? i18n.t("If you don't confirm in time, the order goes to appeal and our team decides. Your coins stay locked in escrow until then.")
        : i18n.t("If the seller doesn't confirm in time, the order goes to appeal automatically and our team reviews your payment.");
  }
}

/** The close reason the server writes, in words a trader understands. */
export function describeCloseReason(reason: string | null): string | null {
  if (!reason) return null;
  if (reason === "acceptance window expired") return i18n.t("No one accepted the order in time, so it was cancelled automatically.");
  if (reason === "payment window expired") return i18n.t("The payment was not marked as sent in time, so the order was cancelled automatically.");
  if (reason === "cancelled") return i18n.t("The order was cancelled before any payment.");
  if (reason.startsWith("cancelled: ")) return i18n.t("Cancelled with the reason: “{{reason}}”", { reason: reason.slice("cancelled: ".length) });
  if (reason === "appeal resolved: refund") return i18n.t("The appeal was resolved in the seller's favour: the coins went back to the seller.");
  if (reason === "appeal resolved: release") return i18n.t("The appeal was resolved in the buyer's favour: the coins were released to the buyer.");
  return translateServerText(reason[0]!.toUpperCase() + reason.slice(1));
}
