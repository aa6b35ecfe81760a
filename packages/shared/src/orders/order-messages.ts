import { msg } from "../i18n/languages.js";
import { fillTemplate } from "../i18n/fill-template.js";
import { ORDER_TEXTS } from "../texts/orders.js";
import { STATUS_NOTICES, type OrderAction, type OrderStatus } from "./state-machine.js";

/*
 * The words of the order state machine: the notices of a move and the refusals of a move that
 * cannot be made. Apart from the machine itself (state-machine.ts), so a screen that only reads an
 * order's status does not load every order text the server writes.
 */

/** A status's notice (STATUS_NOTICES), or the general form for a status this code does not know. */
export function statusNotice(status: string): string {
  return Object.hasOwn(STATUS_NOTICES, status) ? STATUS_NOTICES[status as OrderStatus] : fillTemplate(ORDER_TEXTS.statusChanged, { status });
}

export function stepNotice(step: number): string {
  return fillTemplate(ORDER_TEXTS.stepProgressed, { step });
}

const STATUS_PHRASE: Record<OrderStatus, string> = {
  pending: msg("still pending"),
  matched: msg("already matched"),
  in_progress: msg("already in progress"),
  confirmed: msg("already confirmed"),
  completed: msg("already completed"),
  cancelled: msg("already cancelled"),
  disputed: msg("under dispute"),
};

const ACTION_PHRASE: Record<OrderAction, string> = {
  accept: msg("accepted"),
  mark_paid: msg("marked as paid"),
  confirm_payment: msg("confirmed"),
  cancel: msg("cancelled"),
  open_appeal: msg("appealed"),
  withdraw_appeal: msg("returned to trading"),
  resolve_release: msg("released"),
  resolve_refund: msg("refunded"),
  expire_acceptance: msg("expired"),
  expire_payment: msg("expired"),
  expire_confirmation: msg("sent to dispute"),
};

/** The message of a refused transition: it names the current status (STYLE: "already completed"). */
export function orderConflictMessage(status: OrderStatus, action?: OrderAction): string {
  return action
    ? fillTemplate(ORDER_TEXTS.conflictForAction, { status: STATUS_PHRASE[status], action: ACTION_PHRASE[action] })
    : fillTemplate(ORDER_TEXTS.conflict, { status: STATUS_PHRASE[status] });
}

/** Why a trade cannot be rated yet (it has not completed). */
export function ratingConflictMessage(status: OrderStatus): string {
  return fillTemplate(ORDER_TEXTS.conflictForRating, { status: STATUS_PHRASE[status] });
}
