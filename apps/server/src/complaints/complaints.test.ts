import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { call, createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { auditLog, helpTickets } from "../db/schema.js";

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
  bob = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
});
afterAll(() => server.stop());

const ticketCount = async () => (await server.ctx.db.select({ n: count() }).from(helpTickets))[0]!.n;

describe("POST /api/complaints", () => {
  it("files a complaint with status open and the default priority medium, with an audit row", async () => {
    const res = await call(server.url, alice.token, "/api/complaints", {
      body: { category: "payment", subject: "Naira not received", message: "I paid but the order is stuck." },
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ status: "open", priority: "medium", category: "payment" });
    const audits = await server.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, body.id));
    expect(audits).toHaveLength(1);
  });

  it("refuses a signed-out caller and writes nothing", async () => {
    const before = await ticketCount();
    const res = await call(server.url, null, "/api/complaints", {
      body: { category: "fraud", subject: "x", message: "y" },
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("UNAUTHENTICATED");
    expect(await ticketCount()).toBe(before);
  });

  it.each([
    [{ subject: "s", message: "m" }, "category"],
    [{ category: "fraud", message: "m" }, "subject"],
    [{ category: "fraud", subject: "s" }, "message"],
    [{ category: "fraud", subject: "   ", message: "m" }, "subject"],
    [{ category: "hacking", subject: "s", message: "m" }, "category"],
    [{ category: "fraud", subject: "s", message: "m", priority: "critical" }, "priority"],
    [{ category: "fraud", subject: "s", message: "m", user_id: "someone-else" }, "_"],
  ])("refuses %j with a 400 naming %s, writing nothing", async (body, field) => {
    const before = await ticketCount();
    const res = await call(server.url, alice.token, "/api/complaints", { body });
    expect(res.status).toBe(400);
    const error = (await res.json()).error;
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(error.fields)).toContain(field);
    expect(await ticketCount()).toBe(before);
  });

  it("answers malformed JSON with a 400, not a 500", async () => {
    const res = await call(server.url, alice.token, "/api/complaints", { body: "{not json" });
    expect(res.status).toBe(400);
  });
});

describe("GET /api/complaints", () => {
  it("lists only the caller's own complaints", async () => {
    await call(server.url, bob.token, "/api/complaints", {
      body: { category: "other", subject: "Bob's private matter", message: "secret" },
    });
    const aliceList = await (await call(server.url, alice.token, "/api/complaints")).json();
    expect(aliceList.complaints.length).toBeGreaterThan(0);
    expect(aliceList.complaints.every((c: { subject: string }) => c.subject !== "Bob's private matter")).toBe(true);
    const bobList = await (await call(server.url, bob.token, "/api/complaints")).json();
    expect(bobList.complaints.map((c: { subject: string }) => c.subject)).toEqual(["Bob's private matter"]);
  });
});

describe("unsafe text", () => {
  it.each([
    ["NUL", "a\u0000b"],
    ["a lone surrogate", "a\ud800b"],
  ])("refuses %s with a 400 naming the field, writing nothing", async (_name, subject) => {
    const before = await ticketCount();
    const res = await call(server.url, alice.token, "/api/complaints", {
      body: { category: "fraud", subject, message: "m" },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toHaveProperty("subject");
    expect(await ticketCount()).toBe(before);
  });
});
