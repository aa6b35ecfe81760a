import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { appealDetailSchema, appealPageSchema } from "@p2p/shared";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { getJson, postJson, putOffer, rowCount, tradeTo } from "../../test/trading-fixtures.js";
import { appealEvidence, uploads } from "../db/schema.js";

const PNG = readFileSync(new URL("../uploads/test-images/receipt.png", import.meta.url));

let server: TestServer;
let admin: TestUser;
let userA: TestUser;
let userB: TestUser;
let merchant: TestUser;
let disputed: string;
let resolved: string;

async function uploaded(who: TestUser): Promise<string> {
  const res = await fetch(`${server.url}/api/uploads`, {
    method: "POST",
    headers: { authorization: `Bearer ${who.token}`, "content-type": "image/png" },
    body: PNG,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { upload: { id: string } }).upload.id;
}

beforeAll(async () => {
  server = await startTestServer();
  const secret = server.ctx.config.sessionSecret;
  admin = await createSignedInUser(server.ctx.db, secret, { role: "admin" });
  merchant = await createSignedInUser(server.ctx.db, secret, { role: "merchant" });
  userA = await createSignedInUser(server.ctx.db, secret);
  userB = await createSignedInUser(server.ctx.db, secret);
  await putOffer(server.ctx.db, merchant, "PI");
  // userA buys from the merchant and disputes; another of userA's trades is appealed and refunded.
  disputed = await tradeTo(server, { admin, user: userA, merchant }, { side: "buy", status: "disputed" });
  resolved = await tradeTo(server, { admin, user: userA, merchant }, { side: "buy", status: "disputed" });
  const res = await postJson(server.url, admin.token, `/api/admin/orders/${resolved}/resolve`, {
    outcome: "refund",
    reason: "No payment reached the seller.",
  });
  expect(res.status).toBe(200);
});
afterAll(() => server.stop());

describe("GET /api/appeals", () => {
  it("lists the buyer's disputed orders, newest appeal first, with both parties and the outcome", async () => {
    const res = await getJson(server.url, userA.token, "/api/appeals");
    expect(res.status).toBe(200);
    const page = appealPageSchema.parse(res.body);
    expect(page.total).toBe(2);
    expect(page.appeals.map((a) => a.order_id)).toEqual([resolved, disputed]);
    const [done, open] = page.appeals;
    expect(open).toMatchObject({
      my_role: "buyer",
      order_status: "disputed",
      buyer: { id: userA.id, username: userA.username },
      seller: { id: merchant.id },
      appeal: { reason: "The seller is not responding.", opened_by: { id: userA.id }, outcome: null, resolved_at: null },
    });
    expect(done).toMatchObject({
      order_status: "cancelled",
      appeal: { outcome: "refund", resolution_reason: "No payment reached the seller.", resolved_by: { id: admin.id } },
    });
  });

  it("shows the seller the same appeals, filters open and closed, and pages", async () => {
    const seller = await getJson(server.url, merchant.token, "/api/appeals?state=open");
    expect(seller.body.appeals.map((a: { order_id: string }) => a.order_id)).toEqual([disputed]);
    expect(seller.body.appeals[0].my_role).toBe("seller");
    const closed = await getJson(server.url, merchant.token, "/api/appeals?state=closed");
    expect(closed.body.appeals.map((a: { order_id: string }) => a.order_id)).toEqual([resolved]);
    const paged = await getJson(server.url, userA.token, "/api/appeals?page_size=1&page=2");
    expect(paged.body).toMatchObject({ total: 2, page: 2 });
    expect(paged.body.appeals.map((a: { order_id: string }) => a.order_id)).toEqual([disputed]);
  });

  it("shows an uninvolved user nothing, and an admin every appeal with no role of their own", async () => {
    expect((await getJson(server.url, userB.token, "/api/appeals")).body).toEqual({ page: 1, page_size: 20, total: 0, appeals: [] });
    const all = await getJson(server.url, admin.token, "/api/appeals");
    expect(all.body.appeals.map((a: { order_id: string }) => a.order_id)).toEqual(expect.arrayContaining([disputed, resolved]));
    expect(all.body.appeals.every((a: { my_role: unknown }) => a.my_role === null)).toBe(true);
  });

  it("refuses a signed-out caller and bad filters", async () => {
    expect((await getJson(server.url, null, "/api/appeals")).status).toBe(401);
    for (const q of ["state=done", "page=0", "page_size=101", "x=1"]) {
      expect((await getJson(server.url, userA.token, `/api/appeals?${q}`)).status).toBe(400);
    }
  });
});

describe("GET /api/appeals/:orderId", () => {
  it("gives a party the timeline: opening, messages in the chat while disputed, resolution", async () => {
    await postJson(server.url, merchant.token, `/api/orders/${disputed}/messages`, { content: "I never got the naira." });
    const res = await getJson(server.url, userA.token, `/api/appeals/${disputed}`);
    expect(res.status).toBe(200);
    const detail = appealDetailSchema.parse(res.body);
    expect(detail.can_add_evidence).toBe(true);
    expect(detail.timeline[0]).toMatchObject({ kind: "opened", text: "The seller is not responding.", actor: { id: userA.id } });
    expect(detail.timeline.some((t) => t.kind === "message" && t.text === "I never got the naira." && t.actor?.id === merchant.id)).toBe(true);
    const done = appealDetailSchema.parse((await getJson(server.url, merchant.token, `/api/appeals/${resolved}`)).body);
    expect(done.can_add_evidence).toBe(false);
    expect(done.timeline.at(-1)).toMatchObject({
      kind: "resolved",
      outcome: "refund",
      text: "No payment reached the seller.",
      actor: { id: admin.id },
    });
  });

  it("is a 404 for another user, an order never appealed and a malformed id; 401 signed out", async () => {
    expect((await getJson(server.url, userB.token, `/api/appeals/${disputed}`)).status).toBe(404);
    const plain = await tradeTo(server, { admin, user: userB, merchant }, { side: "buy", status: "matched" });
    expect((await getJson(server.url, userB.token, `/api/appeals/${plain}`)).status).toBe(404);
    expect((await getJson(server.url, userA.token, "/api/appeals/nope")).status).toBe(404);
    expect((await getJson(server.url, null, `/api/appeals/${disputed}`)).status).toBe(401);
    expect((await getJson(server.url, admin.token, `/api/appeals/${disputed}`)).status).toBe(200);
  });
});

describe("POST /api/appeals/:orderId/evidence", () => {
  it("attaches the party's own images to the open appeal; they show in the detail and timeline", async () => {
    const [one, two] = [await uploaded(userA), await uploaded(userA)];
    const res = await postJson(server.url, userA.token, `/api/appeals/${disputed}/evidence`, { upload_ids: [one, two] });
    expect(res.status).toBe(201);
    const detail = appealDetailSchema.parse(res.body);
    expect(detail.evidence.map((e) => e.image.id)).toEqual([one, two]);
    expect(detail.appeal.evidence_count).toBe(2);
    expect(detail.timeline.filter((t) => t.kind === "evidence")).toHaveLength(2);
    const [row] = await server.ctx.db.select().from(uploads).where(eq(uploads.id, one!));
    expect(row).toMatchObject({ attachedTo: "appeal_evidence", orderId: disputed });
    // The other party (and an admin) may now open the image.
    const img = await fetch(`${server.url}${detail.evidence[0]!.image.url}`, { headers: { authorization: `Bearer ${merchant.token}` } });
    expect(img.status).toBe(200);
  });

  it("refuses strangers, others' uploads, closed appeals, reused and too many images, writing nothing", async () => {
    const before = await rowCount(server.ctx.db, "appeal_evidence");
    const bImage = await uploaded(userB);
    expect((await postJson(server.url, userB.token, `/api/appeals/${disputed}/evidence`, { upload_ids: [bImage] })).status).toBe(404);
    expect((await postJson(server.url, userA.token, `/api/appeals/${disputed}/evidence`, { upload_ids: [bImage] })).status).toBe(404);
    expect((await postJson(server.url, admin.token, `/api/appeals/${disputed}/evidence`, { upload_ids: [bImage] })).status).toBe(404);
    const aImage = await uploaded(userA);
    expect((await postJson(server.url, userA.token, `/api/appeals/${resolved}/evidence`, { upload_ids: [aImage] })).status).toBe(409);
    expect((await postJson(server.url, userA.token, `/api/appeals/${disputed}/evidence`, { upload_ids: [aImage, aImage] })).status).toBe(400);
    const many = [await uploaded(userA), await uploaded(userA), await uploaded(userA), await uploaded(userA)];
    const tooMany = await postJson(server.url, userA.token, `/api/appeals/${disputed}/evidence`, { upload_ids: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toContain("3 more");
    for (const body of [{}, { upload_ids: [] }, { upload_ids: ["x"] }, { upload_ids: [aImage], extra: 1 }]) {
      expect((await postJson(server.url, userA.token, `/api/appeals/${disputed}/evidence`, body)).status).toBe(400);
    }
    expect((await postJson(server.url, null, `/api/appeals/${disputed}/evidence`, { upload_ids: [aImage] })).status).toBe(401);
    expect(await rowCount(server.ctx.db, "appeal_evidence")).toBe(before);
    const [still] = await server.ctx.db.select().from(uploads).where(eq(uploads.id, many[0]!));
    expect(still!.attachedTo).toBeNull();
    expect(await server.ctx.db.select().from(appealEvidence).where(eq(appealEvidence.uploadId, aImage))).toHaveLength(0);
  });
});
