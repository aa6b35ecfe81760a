import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { call, createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { auditLog, events, helpTicketMessages, helpTickets, notifications } from "../db/schema.js";

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let merchant: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  const make = (role?: "merchant" | "admin") => createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, role ? { role } : {});
  [alice, bob, merchant, admin] = await Promise.all([make(), make(), make("merchant"), make("admin")]);
});
afterAll(() => server.stop());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read as untyped JSON
const get = async (token: string | null, path: string) => {
  const res = await call(server.url, token, path);
  return { status: res.status, body: (await res.json()) as Json };
};
const post = async (token: string | null, path: string, body: unknown) => {
  const res = await call(server.url, token, path, { body });
  return { status: res.status, body: (await res.json()) as Json };
};
const file = async (user: TestUser, subject = "Naira not received") =>
  (await post(user.token, "/api/complaints", { category: "payment", priority: "high", subject, message: "I paid but nothing happened." })).body
    .id as string;
const threadRows = async (id: string) =>
  (await server.ctx.db.select({ n: count() }).from(helpTicketMessages).where(eq(helpTicketMessages.ticketId, id)))[0]!.n;
const noticesOf = (userId: string) =>
  server.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "admin_feedback")));
const auditsOf = (id: string) => server.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id));

describe("the user's complaints list", () => {
  it("pages the caller's complaints newest first, with status, dates and reply counts", async () => {
    const u = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
    const empty = await get(u.token, "/api/complaints");
    expect(empty.body).toEqual({ page: 1, page_size: 20, total: 0, complaints: [] });
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(await file(u, `Complaint ${n}`));
    const first = await get(u.token, "/api/complaints?page_size=2");
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(3);
    expect(first.body.complaints.map((c: Json) => c.subject)).toEqual(["Complaint 3", "Complaint 2"]);
    expect(first.body.complaints[0]).toMatchObject({ status: "open", priority: "high", category: "payment", reply_count: 0, user: { id: u.id } });
    expect(typeof first.body.complaints[0].updated_at).toBe("string");
    const second = await get(u.token, "/api/complaints?page_size=2&page=2");
    expect(second.body.complaints.map((c: Json) => c.id)).toEqual([ids[0]]);
  });

  it("refuses a bad page with a 400 and a signed-out caller with a 401", async () => {
    expect((await get(alice.token, "/api/complaints?page=0")).status).toBe(400);
    expect((await get(alice.token, "/api/complaints?status=open")).status).toBe(400);
    expect((await get(null, "/api/complaints")).status).toBe(401);
    expect((await get(null, "/api/complaints/00000000-0000-4000-8000-000000000000")).status).toBe(401);
  });
});

describe("one complaint and its thread", () => {
  it("shows the owner their complaint; another user, a merchant or a malformed id get a 404", async () => {
    const id = await file(alice);
    const mine = await get(alice.token, `/api/complaints/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ complaint: { id, status: "open" }, thread: [], next_statuses: [], can_reply: true });
    for (const other of [bob, merchant]) {
      const res = await get(other.token, `/api/complaints/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }
    expect((await get(alice.token, "/api/complaints/not-a-uuid")).status).toBe(404);
  });

  it("lets the owner add follow-ups; another user cannot, and bad input writes nothing", async () => {
    const id = await file(alice);
    const added = await post(alice.token, `/api/complaints/${id}/messages`, { message: "  Any news?  " });
    expect(added.status).toBe(201);
    expect(added.body.thread).toEqual([
      expect.objectContaining({ kind: "message", author_type: "user", author: alice.username, message: "Any news?" }),
    ]);
    expect((await post(bob.token, `/api/complaints/${id}/messages`, { message: "Not mine" })).status).toBe(404);
    for (const body of [{}, { message: "   " }, { message: "x".repeat(5001) }, { message: "ok", extra: 1 }, { message: "a\u0000b" }]) {
      const res = await post(alice.token, `/api/complaints/${id}/messages`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
    }
    expect((await post(null, `/api/complaints/${id}/messages`, { message: "hi" })).status).toBe(401);
    expect(await threadRows(id)).toBe(1);
  });
});

describe("the admin queue", () => {
  it("is for admins only", async () => {
    for (const [token, status] of [
      [null, 401],
      [alice.token, 403],
      [merchant.token, 403],
    ] as const) {
      expect((await get(token, "/api/admin/complaints")).status).toBe(status);
      const id = await file(bob);
      expect((await post(token, `/api/admin/complaints/${id}/replies`, { message: "hi" })).status).toBe(status);
      expect((await post(token, `/api/admin/complaints/${id}/status`, { status: "in_review" })).status).toBe(status);
      expect((await get(token, `/api/admin/complaints/${id}`)).status).toBe(status);
      expect(await threadRows(id)).toBe(0);
    }
  });

  it("filters by status, priority and category, newest first, with the filer's username", async () => {
    const u = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
    await post(u.token, "/api/complaints", { category: "fraud", priority: "urgent", subject: "Scammer", message: "m" });
    const res = await get(admin.token, "/api/admin/complaints?priority=urgent&category=fraud&status=open");
    expect(res.status).toBe(200);
    expect(res.body.complaints.length).toBeGreaterThan(0);
    expect(res.body.complaints.every((c: Json) => c.priority === "urgent" && c.category === "fraud" && c.status === "open")).toBe(true);
    expect(res.body.complaints[0]).toMatchObject({ subject: "Scammer", user: { id: u.id, username: u.username } });
    const none = await get(admin.token, "/api/admin/complaints?status=closed&category=fraud&priority=urgent");
    expect(none.body.complaints.every((c: Json) => c.status === "closed")).toBe(true);
    for (const bad of ["status=done", "priority=critical", "category=hacking", "page_size=500", "other=1"]) {
      const r = await get(admin.token, `/api/admin/complaints?${bad}`);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("replies: the owner sees it in the thread, gets an admin_feedback notification with its live event, and it is audited", async () => {
    const id = await file(alice, "Reply please");
    const before = (await noticesOf(alice.id)).length;
    const res = await post(admin.token, `/api/admin/complaints/${id}/replies`, { message: "We are looking into it." });
    expect(res.status).toBe(201);
    expect(res.body.complaint.reply_count).toBe(1);
    const seen = await get(alice.token, `/api/complaints/${id}`);
    expect(seen.body.thread).toEqual([expect.objectContaining({ author_type: "admin", author: admin.username, message: "We are looking into it." })]);
    const notices = await noticesOf(alice.id);
    expect(notices).toHaveLength(before + 1);
    const notice = notices.find((n) => n.title === "Reply to your complaint")!;
    expect(notice.message).toContain("Reply please");
    const liveEvents = await server.ctx.db
      .select()
      .from(events)
      .where(eq(events.topic, `user:${alice.id}`));
    expect(liveEvents.some((e) => (e.payload as Json).id === notice.id)).toBe(true);
    expect((await auditsOf(id)).map((a) => a.action)).toContain("complaint.replied");
    expect((await get(admin.token, `/api/admin/complaints/${id}`)).body.next_statuses).toEqual(["in_review"]);
  });

  it("moves open → in_review → resolved only, notifying and auditing each step", async () => {
    const id = await file(alice, "Walk me through");
    const refused = await post(admin.token, `/api/admin/complaints/${id}/status`, { status: "resolved" });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain("open");
    const review = await post(admin.token, `/api/admin/complaints/${id}/status`, { status: "in_review", message: "Checking with the merchant." });
    expect(review.status).toBe(200);
    expect(review.body).toMatchObject({ complaint: { status: "in_review" }, next_statuses: ["resolved", "closed"] });
    const done = await post(admin.token, `/api/admin/complaints/${id}/status`, { status: "resolved" });
    expect(done.body.complaint.status).toBe("resolved");
    expect(done.body.thread.map((t: Json) => [t.kind, t.status])).toEqual([
      ["status", "in_review"],
      ["status", "resolved"],
    ]);
    for (const status of ["in_review", "closed", "resolved"]) {
      const again = await post(admin.token, `/api/admin/complaints/${id}/status`, { status });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe("CONFLICT");
    }
    const [row] = await server.ctx.db.select().from(helpTickets).where(eq(helpTickets.id, id));
    expect(row!.status).toBe("resolved");
    const titles = (await noticesOf(alice.id)).map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining(["Complaint in review", "Complaint resolved"]));
    const audits = (await auditsOf(id)).filter((a) => a.action === "complaint.status_changed");
    expect(audits.map((a) => (a.data as Json).to)).toEqual(["in_review", "resolved"]);
  });

  it("a closed complaint takes no more follow-ups or replies", async () => {
    const id = await file(alice, "Close me");
    await post(admin.token, `/api/admin/complaints/${id}/status`, { status: "in_review" });
    const closed = await post(admin.token, `/api/admin/complaints/${id}/status`, { status: "closed", message: "Duplicate of another complaint." });
    expect(closed.body).toMatchObject({ complaint: { status: "closed" }, can_reply: false, next_statuses: [] });
    const rows = await threadRows(id);
    expect((await post(alice.token, `/api/complaints/${id}/messages`, { message: "Why?" })).status).toBe(409);
    expect((await post(admin.token, `/api/admin/complaints/${id}/replies`, { message: "Late" })).status).toBe(409);
    expect(await threadRows(id)).toBe(rows);
    expect((await get(alice.token, `/api/complaints/${id}`)).body.can_reply).toBe(false);
  });

  it("refuses bad status input, unknown and malformed ids, writing nothing", async () => {
    const id = await file(alice);
    for (const body of [{}, { status: "open" }, { status: "done" }, { status: "in_review", message: "" }, { status: "in_review", x: 1 }]) {
      expect((await post(admin.token, `/api/admin/complaints/${id}/status`, body)).status).toBe(400);
    }
    expect((await post(admin.token, `/api/admin/complaints/${id}/replies`, { message: "" })).status).toBe(400);
    expect((await post(admin.token, "/api/admin/complaints/00000000-0000-4000-8000-000000000000/status", { status: "in_review" })).status).toBe(404);
    expect((await post(admin.token, "/api/admin/complaints/nope/replies", { message: "hi" })).status).toBe(404);
    expect(await threadRows(id)).toBe(0);
    expect((await server.ctx.db.select().from(helpTickets).where(eq(helpTickets.id, id)))[0]!.status).toBe("open");
  });

  it("two admins racing to move one complaint: exactly one wins", async () => {
    const id = await file(alice, "Race");
    const results = await Promise.all([1, 2, 3].map(() => post(admin.token, `/api/admin/complaints/${id}/status`, { status: "in_review" })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await threadRows(id)).toBe(1);
  });
});
