import { and, inArray, or, sql, type SQL } from "drizzle-orm";
import { transitionsFor, type OrderAction, type OrderActor, type Transition } from "@p2p/shared";
import { orders } from "../db/schema.js";
import type { Actor } from "./order-actors.js";

/** The deadline column each timer action compares with now(). */
const EXPIRY_DEADLINE: Partial<Record<OrderAction, SQL>> = {
  expire_acceptance: sql`${orders.acceptBy} <= now()`,
  expire_payment: sql`${orders.payBy} <= now()`,
  expire_confirmation: sql`${orders.confirmBy} <= now()`,
};

const WINDOW_OPEN: Record<NonNullable<Transition["within"]>, SQL> = {
  acceptance: sql`${orders.acceptBy} > now()`,
  payment: sql`${orders.payBy} > now()`,
};

function actorCondition(role: OrderActor, actor: Actor, action: OrderAction): SQL | undefined {
  if (actor.kind === "system") return role === "system" ? EXPIRY_DEADLINE[action] : undefined;
  const me = actor.caller.id;
  switch (role) {
    case "creator":
      return sql`${orders.creatorId} = ${me}`;
    case "merchant":
      // An open request is taken by whichever merchant's compare-and-set lands first.
      return action === "accept"
        ? sql`(${orders.merchantId} = ${me} or (${orders.merchantId} is null and ${orders.isOpenRequest} and ${orders.creatorId} <> ${me}))`
        : sql`${orders.merchantId} = ${me}`;
    case "buyer":
      return sql`${orders.buyerId} = ${me}`;
    case "seller":
      return sql`${orders.sellerId} = ${me}`;
    case "appellant":
      return sql`${orders.appellantId} = ${me}`;
    case "admin":
      return actor.caller.role === "admin" ? sql`true` : undefined;
    case "system":
      return undefined;
  }
}

/**
 * The state machine as a WHERE clause: for each transition of the action, its from-statuses, the
 * actor's relation to the order and, for accept and mark_paid, the window still running. Zero rows
 * updated means the order moved on (or was never this actor's to move): a conflict, never a guess.
 */
export function casCondition(action: OrderAction, actor: Actor): SQL | undefined {
  const clauses = transitionsFor(action).flatMap((t) => {
    const who = t.by.map((role) => actorCondition(role, actor, action)).filter((c): c is SQL => c !== undefined);
    if (who.length === 0) return [];
    const parts: (SQL | undefined)[] = [inArray(orders.status, [...t.from]), or(...who)];
    if (t.within && actor.kind === "person") parts.push(WINDOW_OPEN[t.within]);
    return [and(...parts)!];
  });
  return clauses.length ? or(...clauses) : undefined;
}
