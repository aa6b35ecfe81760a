import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe("GET /api/health", () => {
  it("reports the database and a job runner that has not ticked yet as degraded", async () => {
    const res = await fetch(`${server.url}/api/health`);
    const body = await res.json();
    expect(res.status).toBe(503);
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.database.store).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
    expect(body.checks.jobs.ok).toBe(false);
  });

  it("is ok once the job runner has ticked", async () => {
    await server.ctx.jobs.runDue();
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe("ok");
  });

  it("sends the security headers", async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.headers.get("content-security-policy")).toContain("object-src 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers unknown endpoints with a JSON 404", async () => {
    const res = await fetch(`${server.url}/api/nope`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("NOT_FOUND");
  });
});
