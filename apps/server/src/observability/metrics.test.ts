import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser } from "../../test/fixtures.js";
import { putOffer, tradeTo } from "../../test/trading-fixtures.js";
import { TestSocket } from "../../test/socket.js";

const TOKEN = "metrics-token-0123456789abcdef";
let server: TestServer;

const scrape = (token: string | null, on: TestServer = server) =>
  fetch(`${on.url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
/** The value of one sample line ("name{labels} value"), or null when the line is absent. */
const sample = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
};

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN });
});
afterAll(() => server.stop());

describe("GET /metrics", () => {
  it("answers Prometheus only with the token, and not at all while none is configured", async () => {
    expect((await scrape(null)).status).toBe(401);
    expect((await scrape("metrics-token-0123456789abcdeX")).status).toBe(401);
    const res = await scrape(TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");

    const unconfigured = await startTestServer();
    try {
      expect((await scrape(TOKEN, unconfigured)).status).toBe(404);
    } finally {
      await unconfigured.stop();
    }
  });

  it("shows a trade after it happened: orders by status, the transitions, each step's latency by route, and the open sockets", async () => {
    const secret = server.ctx.config.sessionSecret;
    const [admin, user, merchant] = await Promise.all([
      createSignedInUser(server.ctx.db, secret, { role: "admin" }),
      createSignedInUser(server.ctx.db, secret),
      createSignedInUser(server.ctx.db, secret, { role: "merchant" }),
    ]);
    await putOffer(server.ctx.db, merchant, "PI");
    const before = await (await scrape(TOKEN)).text();
    await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "completed" });
    const socket = await TestSocket.connect(server.url, user.token);
    await socket.waitFor((f) => f.type === "hello");
    try {
      const after = await (await scrape(TOKEN)).text();
      const grew = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
      expect(grew('orders{status="completed"}')).toBe(1);
      expect(grew('order_transitions_total{action="accept"}')).toBe(1);
      expect(grew('order_transitions_total{action="mark_paid"}')).toBe(1);
      expect(grew('order_transitions_total{action="confirm_payment"}')).toBe(1);
      expect(grew('http_request_duration_seconds_count{method="POST",route="/api/orders/:id/confirm-payment",status_code="200"}')).toBe(1);
      expect(sample(after, "websocket_connections")).toBe(1);
      expect(after).toMatch(/^jobs_pending\{kind="[^"]+"\} \d+$/m);
      // Each step's events crossed the bus after commit: at least one message per step, the
      // accept, payment and confirmation among them.
      expect(grew('realtime_bus_lag_seconds_count{bus="in-process",kind="events"}')).toBeGreaterThanOrEqual(3);
      expect(grew('realtime_bus_events_received_total{bus="in-process"}')).toBeGreaterThanOrEqual(3);
      expect(sample(after, 'realtime_bus_lag_seconds_bucket{le="+Inf",bus="in-process",kind="events"}')).toBe(
        sample(after, 'realtime_bus_lag_seconds_count{bus="in-process",kind="events"}'),
      );
    } finally {
      socket.close();
    }
  });
});
