import { transitionsFor, type OrderAction, type OrderActor, type Transition } from "@p2p/shared";
import type { Actor } from "./order-actors.js";

/*
 * The compare-and-set condition as SQL text over the orders row. Only constants of the state
 * machine are written into the text; the caller's id is always the parameter named by `me`, so
 * one action by one kind of actor is always the same (prepared) statement.
 */

/** The deadline column each timer action compares with now(). */
const EXPIRY_DEADLINE: Partial<Record<OrderAction, string>> = {
  expire_acceptance: "accept_by <= now()",
  expire_payment: "pay_by <= now()",
  expire_confirmation: "confirm_by <= now()",
};

const WINDOW_OPEN: Record<NonNullable<Transition["within"]>, string> = {
  acceptance: "accept_by > now()",
  payment: "pay_by > now()",
};

export type CasOptions = {
  /** The parameter holding the acting person's id ($n), added when first named; null for the system's timers. */
  me: (() => string) | null;
  /** accept: only an order placed with this merchant, never claiming an open request. */
  assignedOnly?: boolean;
};

function actorCondition(role: OrderActor, actor: Actor, action: OrderAction, options: CasOptions): string | undefined {
  // A timer's move waits for its deadline; the system's other moves (cancelling a suspended
  // account's unpaid order, appealing its paid one) have none.
  if (actor.kind === "system") return role === "system" ? (EXPIRY_DEADLINE[action] ?? "true") : undefined;
  const me = () => options.me!();
  switch (role) {
    case "creator":
      return `creator_id = ${me()}`;
    case "merchant":
      // An open request is taken by whichever merchant's compare-and-set lands first.
      return action === "accept" && !options.assignedOnly
        ? `(merchant_id = ${me()} or (merchant_id is null and is_open_request and creator_id <> ${me()}))`
        : `merchant_id = ${me()}`;
    case "buyer":
      return `buyer_id = ${me()}`;
    case "seller":
      return `seller_id = ${me()}`;
    case "appellant":
      return `appellant_id = ${me()}`;
    case "admin":
      return actor.caller.role === "admin" ? "true" : undefined;
    case "system":
      return undefined;
  }
}

/**
 * The state machine as a WHERE clause: for each transition of the action, its from-statuses, the
 * actor's relation to the order and, for accept and mark_paid, the window still running. Zero rows
 * updated means the order moved on (or was never this actor's to move): a conflict, never a guess.
 */
export function casCondition(action: OrderAction, actor: Actor, options: CasOptions): string | undefined {
  const clauses = transitionsFor(action).flatMap((t) => {
    const who = t.by.map((role) => actorCondition(role, actor, action, options)).filter((c): c is string => c !== undefined);
    if (who.length === 0) return [];
    const parts = [`status in (${t.from.map((s) => `'${s}'`).join(", ")})`, `(${who.join(" or ")})`];
    if (t.within && actor.kind === "person") parts.push(WINDOW_OPEN[t.within]);
    return [`(${parts.join(" and ")})`];
  });
  return clauses.length ? clauses.join(" or ") : undefined;
}
