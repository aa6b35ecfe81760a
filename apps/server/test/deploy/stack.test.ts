import { randomBytes } from "node:crypto";
import { request } from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orderTopic, userTopic } from "@p2p/shared";
import { openPostgres, type Database } from "../../src/db/client.js";
import { users } from "../../src/db/schema.js";
import { hashPassword } from "../../src/auth/passwords.js";
import { createSignedInUser, type TestUser } from "../fixtures.js";
import { freePort, spawnServer, waitForHealth, type ServerProcess } from "../process.js";
import { TestSocket } from "../socket.js";
import { balance, expectLedgerSound } from "../trading-fixtures.js";
import { createPostgresDatabase } from "../adversarial/crash-store.js";
import { COIN, setUpWorld } from "../adversarial/crash-world.js";
import { selfSignedCertificate, TlsProxy, type Tls } from "./tls-proxy.js";

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const SECRET = randomBytes(32).toString("hex");
const PASSWORD = "Stack-test-passw0rd!";

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read as untyped JSON

/*
 * The topology of deploy/compose.yaml without a container engine (none runs on this machine):
 * PostgreSQL, Redis, two app processes from the build and a TLS-terminating proxy that spreads
 * requests and sockets over them in turn. Its smoke test is the image's: health, a password
 * sign-in and one whole order, each side watching live through whichever process it landed on.
 */
describe.skipIf(!DATABASE_URL)("the deployment topology, as processes", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let tls: Tls;
  let proxy: TlsProxy;
  const apps: ServerProcess[] = [];

  beforeAll(async () => {
    const created = await createPostgresDatabase(DATABASE_URL!, "p2p_stack");
    drop = created.drop;
    database = await openPostgres(created.url, 4);
    tls = selfSignedCertificate();
    const publicPort = await freePort();
    const ports = [await freePort(), await freePort()];
    for (const port of ports) {
      apps.push(
        spawnServer({
          NODE_ENV: "production",
          SESSION_SECRET: SECRET,
          DATABASE_URL: created.url,
          REDIS_URL,
          TRUST_PROXY: "1",
          PUBLIC_URL: `https://127.0.0.1:${publicPort}`,
          HOST: "127.0.0.1",
          PORT: String(port),
        }),
      );
    }
    const targets = ports.map((port) => `http://127.0.0.1:${port}`);
    await Promise.all(targets.map((url) => waitForHealth(url, 60_000)));
    proxy = await TlsProxy.start(publicPort, tls, targets);
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    for (const app of apps) app.child.kill("SIGKILL");
    await database?.close();
    await drop?.();
  });

  it("serves health, a password sign-in and one whole order over TLS through both processes", { timeout: 60_000 }, async () => {
    const db = database.db;
    const through = (path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) =>
      httpsJson(`${proxy.url}${path}`, init, tls.cert);

    for (let i = 0; i < 2; i++) expect((await through("/api/health")).status).toBe(200);
    expect(new Set(proxy.upstreams.map((u) => u.target)).size, "the proxy reached both processes").toBe(2);

    const { merchants } = await setUpWorld(db, SECRET, { merchants: 1, users: 0 });
    const merchant = merchants[0]!;
    const buyer = await createSignedInUser(db, SECRET);
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, buyer.id));

    // The buyer signs in with a password as the browser does: cookies, same origin, over TLS.
    const signIn = await through("/api/auth/sign-in", { body: { email: buyer.email, password: PASSWORD }, headers: { origin: proxy.url } });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    const cookies = setCookies(signIn);
    expect(cookies.every((c) => /;\s*Secure/i.test(c) && /;\s*HttpOnly/i.test(c))).toBe(true);
    const cookie = cookies.map((c) => c.split(";")[0]).join("; ");
    const asBuyer = { cookie, origin: proxy.url };
    expect((await through("/api/auth/session", { headers: asBuyer })).body.user.id).toBe(buyer.id);

    // The merchant watches their own topic through the proxy, on whichever process it picks.
    const merchantSocket = await TestSocket.connect(proxy.url, merchant.token, {}, tls.cert);
    await merchantSocket.waitFor((f) => f.type === "hello");
    expect(await merchantSocket.subscribe(userTopic(merchant.id))).toMatchObject({ type: "subscribed" });

    const created = await through("/api/orders", {
      headers: asBuyer,
      body: { merchant_id: merchant.id, coin: COIN, side: "buy", naira_amount: "5000" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const orderId: string = created.body.order.id;
    await merchantSocket.waitFor((f) => f.type === "event" && JSON.stringify(f.payload).includes(orderId), 10_000);

    const buyerSocket = await TestSocket.connect(proxy.url, null, asBuyer, tls.cert);
    await buyerSocket.waitFor((f) => f.type === "hello");
    expect(await buyerSocket.subscribe(orderTopic(orderId))).toMatchObject({ type: "subscribed" });

    const steps: [TestUser | "buyer", string][] = [
      [merchant, "accept"],
      ["buyer", "mark-paid"],
      [merchant, "confirm-payment"],
    ];
    const stepUpstreams: string[] = [];
    for (const [who, action] of steps) {
      const headers = who === "buyer" ? asBuyer : { authorization: `Bearer ${who.token}` };
      const answer = await through(`/api/orders/${orderId}/${action}`, { headers, body: {} });
      expect(answer.status, `${action}: ${JSON.stringify(answer.body)}`).toBe(200);
      stepUpstreams.push(proxy.upstreams.at(-1)!.target);
    }
    expect(new Set(stepUpstreams).size, "the steps went through both processes").toBe(2);
    await buyerSocket.waitFor((f) => f.type === "event" && f.topic === orderTopic(orderId) && f.payload?.status === "completed", 10_000);

    expect(await balance(db, buyer.id, COIN)).toBe("5.00000000");
    await expectLedgerSound(db);
    merchantSocket.close();
    buyerSocket.close();
    for (const app of apps) expect(app.output()).not.toMatch(/"level":(50|60)/);
  });
});

function httpsJson(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown }, ca: string): Promise<Answer> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: init.method ?? (body === undefined ? "GET" : "POST"),
        ca,
        headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function setCookies(answer: Answer): string[] {
  const value = answer.headers["set-cookie"];
  return Array.isArray(value) ? value : value ? [value] : [];
}
