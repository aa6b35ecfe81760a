import type { AppContext } from "../context.js";

/**
 * Tells the hub of every process that a user's rights changed (role, suspension, password, a
 * session ended): each of their sockets re-checks its session and subscriptions at once, dropping
 * topics no longer allowed or closing. Call it after the change has committed.
 */
export function publishRightsChanged(ctx: Pick<AppContext, "bus">, userId: string): void {
  ctx.bus.publish({ kind: "rights", userId });
}
