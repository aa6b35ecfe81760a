import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { postJson, tradeTo, merchantWithOffer } from "../../test/trading-fixtures.js";
import { queryRows } from "../db/client.js";

const PNG = readFileSync(new URL("./test-images/receipt.png", import.meta.url));

let server: TestServer;
let admin: TestUser;
let user: TestUser;
let merchant: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  const key = server.ctx.config.sessionSecret;
  admin = await createSignedInUser(server.ctx.db, key, { role: "admin" });
  user = await createSignedInUser(server.ctx.db, key);
  merchant = await merchantWithOffer(server);
});
afterAll(() => server.stop());

async function upload(who: TestUser): Promise<string> {
  const res = await fetch(`${server.url}/api/uploads`, {
    method: "POST",
    headers: { authorization: `Bearer ${who.token}`, "content-type": "image/png" },
    body: new Uint8Array(PNG),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { upload: { id: string } }).upload.id;
}

const exists = async (id: string) =>
  (await queryRows<{ n: number }>(server.ctx.db, sql`select count(*)::int as n from uploads where id = ${id}`))[0]!.n === 1;
const age = (id: string, hours: number) =>
  server.ctx.db.execute(sql`update uploads set created_at = now() - make_interval(hours => ${hours}) where id = ${id}`);

describe("pruning abandoned uploads", () => {
  it("deletes images never sent after a day, and keeps sent ones and fresh ones", async () => {
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "in_progress" });
    const abandoned = await upload(user);
    const sent = await upload(user);
    const fresh = await upload(user);
    expect((await postJson(server.url, user.token, `/api/orders/${orderId}/messages`, { upload_id: sent })).status).toBe(201);
    await age(abandoned, 25);
    await age(sent, 25);

    await server.ctx.jobs.runDue();

    expect({ abandoned: await exists(abandoned), sent: await exists(sent), fresh: await exists(fresh) }).toEqual({
      abandoned: false,
      sent: true,
      fresh: true,
    });
    // The next run is queued about an hour ahead.
    const next = await queryRows<{ n: number }>(
      server.ctx.db,
      sql`select count(*)::int as n from jobs where kind = 'uploads.prune_unattached' and done_at is null and run_at > now() + interval '50 minutes'`,
    );
    expect(next[0]!.n).toBe(1);
  });
});
