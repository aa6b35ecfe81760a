import type { TestUser } from "../fixtures.js";
import type { LoadClient } from "./load-client.js";

const TIMED_STATUSES = ["pending", "matched", "in_progress"] as const;

/**
 * Waits, through the admin's order list, until no order is in a status with a running window:
 * each has met its timer. On timeout the error names the orders still waiting, and their deadlines.
 */
export async function waitForTimers(client: LoadClient, admin: TestUser, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const waiting = [];
    for (const status of TIMED_STATUSES) {
      const answer = await client.send(admin.token, "GET", `/api/admin/orders?status=${status}&page_size=100`);
      if (answer?.status !== 200) throw new Error(`admin order list: ${JSON.stringify(answer)}`);
      waiting.push(...answer.body.orders);
    }
    if (waiting.length === 0) return;
    if (Date.now() > deadline) {
      const lines = waiting.map((o) => `${o.id} ${o.status} accept_by=${o.accept_by} pay_by=${o.pay_by} confirm_by=${o.confirm_by}`);
      throw new Error(`orders still waiting for their timers after ${timeoutMs} ms:\n${lines.join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** An admin settles every dispute left (alternately releasing and refunding); returns how many. */
export async function resolveDisputes(client: LoadClient, admin: TestUser): Promise<number> {
  let resolved = 0;
  for (;;) {
    const page = await client.send(admin.token, "GET", "/api/admin/orders?status=disputed&page_size=100");
    if (page?.status !== 200) throw new Error(`admin order list: ${JSON.stringify(page)}`);
    if (page.body.orders.length === 0) return resolved;
    for (const order of page.body.orders) {
      const outcome = resolved % 2 === 0 ? "refund" : "release";
      const answer = await client.send(admin.token, "POST", `/api/admin/orders/${order.id}/resolve`, {
        outcome,
        reason: "Settled after the restarts.",
      });
      if (answer?.status !== 200) throw new Error(`resolving ${order.id}: ${JSON.stringify(answer)}`);
      resolved++;
    }
  }
}
