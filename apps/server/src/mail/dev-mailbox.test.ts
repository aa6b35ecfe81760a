import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { devMailbox } from "../db/schema.js";

let server: TestServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

describe("/dev/mailbox", () => {
  it("lists delivered mail newest first with clickable links outside production", async () => {
    server = await startTestServer();
    await server.ctx.db.insert(devMailbox).values([
      { to: "a@example.test", subject: "First", text: "Open http://localhost/one now" },
      { to: "b@example.test", subject: "Second <b>", text: "Open http://localhost/two?x=1&y=2" },
    ]);
    const html = await (await fetch(`${server.url}/dev/mailbox`)).text();
    expect(html.indexOf("Second &lt;b&gt;")).toBeLessThan(html.indexOf("First"));
    expect(html).toContain('<a href="http://localhost/one">');
    expect(html).not.toContain("<b>");
    const json = await (await fetch(`${server.url}/dev/mailbox.json`)).json();
    expect(json.messages.map((m: { subject: string }) => m.subject)).toEqual(["Second <b>", "First"]);
  });

  it("answers only a connection from this machine: any other address gets 404, whatever X-Forwarded-For says", async () => {
    server = await startTestServer();
    await server.ctx.db
      .insert(devMailbox)
      .values({ to: "owner@example.test", subject: "Reset your password", text: "http://localhost/reset-password?token=live" });
    for (const url of ["/dev/mailbox", "/dev/mailbox.json"]) {
      for (const remoteAddress of ["203.0.113.7", "10.0.0.2", "::ffff:192.168.1.20"]) {
        const res = await server.server.inject({ method: "GET", url, remoteAddress, headers: { "x-forwarded-for": "127.0.0.1" } });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain("token=live");
      }
      for (const remoteAddress of ["127.0.0.1", "::1"]) {
        const res = await server.server.inject({ method: "GET", url, remoteAddress });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain("token=live");
      }
    }
  });

  it("is never served in production", async () => {
    server = await startTestServer({
      NODE_ENV: "production",
      SESSION_SECRET: "a-production-secret-that-is-long-enough-123",
      PUBLIC_URL: "https://p2p.example.com",
    });
    for (const path of ["/dev/mailbox", "/dev/mailbox.json"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(404);
    }
  });
});
