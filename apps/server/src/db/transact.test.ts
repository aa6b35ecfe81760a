import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { REALTIME_EVENTS } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { appendEvent } from "../realtime/append-event.js";
import { isTransaction, queryRows, txContext, type Db, type Tx } from "./client.js";
import { savepoint, transact } from "./transact.js";

let server: TestServer;
const topic = () => `test:${Math.random().toString(36).slice(2)}`;
/** An event of the test's own, told apart by its label (carried as the one id of a `notifications.read`). */
const append = (tx: Tx, name: string, label: string) =>
  appendEvent(tx, name, REALTIME_EVENTS.notificationsRead, { ids: [label], unread_counts: { notifications: 0, messages: 0 } });
const eventsOf = async (name: string, db: Db | Tx = server.ctx.db) =>
  (await queryRows<{ label: string }>(db, sql`select payload->'ids'->>0 as label from events where topic = ${name} order by id`)).map((e) => e.label);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe("a transaction's context", () => {
  it("is carried by the handle transact gives, and a nested transact joins the same transaction", async () => {
    expect(isTransaction(server.ctx.db)).toBe(false);
    await transact(server.ctx.db, async (tx) => {
      expect(isTransaction(tx)).toBe(true);
      await transact(tx, async (inner) => expect(inner).toBe(tx));
    });
  });

  it("queues appended events until the transaction's end and writes none of a transaction that failed", async () => {
    const kept = topic();
    await transact(server.ctx.db, async (tx) => {
      await append(tx, kept, "test.one");
      expect(txContext(tx)!.queuedEvents).toHaveLength(1);
      // Not written yet, even as the transaction itself sees the table (the embedded store has one connection).
      expect(await eventsOf(kept, tx)).toEqual([]);
    });
    expect(await eventsOf(kept)).toEqual(["test.one"]);

    const lost = topic();
    await expect(
      transact(server.ctx.db, async (tx) => {
        await append(tx, lost, "test.lost");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await eventsOf(lost)).toEqual([]);
  });

  it("keeps a savepoint's events only if the savepoint succeeds", async () => {
    const name = topic();
    await transact(server.ctx.db, async (tx) => {
      await append(tx, name, "test.before");
      await savepoint(tx, (sp) => append(sp, name, "test.kept"));
      await savepoint(tx, async (sp) => {
        await append(sp, name, "test.undone");
        throw new Error("only the savepoint rolls back");
      }).catch(() => undefined);
      await append(tx, name, "test.after");
    });
    expect(await eventsOf(name)).toEqual(["test.before", "test.kept", "test.after"]);
  });
});
