import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { checkingFetch } from "../../test/check-responses.js";
import { ResponseChecker } from "../../test/response-check.js";
import { MATRIX } from "../../test/authorization-matrix.js";
import { API_CONTRACTS, requireContract } from "./api-contracts.js";
import { apiReference } from "./routes.js";
import type { OpenApiDocument } from "./build-document.js";

let server: TestServer;
let document: OpenApiDocument;

beforeAll(async () => {
  server = await startTestServer();
  const res = await fetch(`${server.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  document = (await res.json()) as OpenApiDocument;
});
afterAll(() => server.stop());

describe("GET /api/openapi.json", () => {
  it("lists every route registered under /api with its method, and no route that does not exist", () => {
    const registered = server.routes.filter((r) => r.url.startsWith("/api/")).map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`);
    const documented = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const missing = registered.filter((r) => !documented.includes(r));
    const extra = documented.filter((d) => !registered.includes(d));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    expect(registered.length).toBeGreaterThan(100);
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("describes each operation: path parameters, query, body, the Idempotency-Key, sign-in, and the error body", () => {
    const withdraw = document.paths["/api/wallet/withdrawals/{id}/cancel"]!.post!;
    expect(withdraw.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(["path:id", "header:Idempotency-Key"]);
    expect(withdraw.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
    expect(withdraw.responses["4XX"]).toEqual({ $ref: "#/components/responses/Error" });
    const entries = document.paths["/api/wallet/entries"]!.get!;
    expect(entries.parameters.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual([
      "query:coin:false",
      "query:page:false",
      "query:page_size:false",
    ]);
    const signUp = document.paths["/api/auth/sign-up"]!.post!;
    expect(signUp.security).toEqual([]);
    expect(signUp.requestBody?.required).toBe(true);
    expect(signUp.requestBody?.content["application/json"]?.schema).toMatchObject({
      required: ["full_name", "username", "phone_number", "email", "password"],
    });
    expect(Object.keys(signUp.responses)).toEqual(["201", "4XX", "5XX"]);
    expect(new Set(document.tags.map((t) => t.name))).toContain("Wallet");
  });

  it("is the document the tests check answers against", () => {
    expect(document).toEqual(JSON.parse(JSON.stringify(apiReference().document)));
  });
});

describe("GET /api/docs", () => {
  it("is a page of every operation, with no script, under the server's Content-Security-Policy", async () => {
    const res = await fetch(`${server.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)[a-z]/i);
    for (const methods of Object.values(document.paths)) {
      for (const op of Object.values(methods)) expect(html).toContain(`id="${op.operationId}"`);
    }
  });
});

describe("route contracts", () => {
  it("refuse a route under /api that has none, so the app does not start with a route the document misses", () => {
    expect(() => requireContract("GET", "/api/not-declared")).toThrow("GET /api/not-declared has no contract");
    expect(() => requireContract("GET", "/api/wallet")).not.toThrow();
    expect(() => requireContract("GET", "/realtime")).not.toThrow();
  });
});

describe("the API tests' response check", () => {
  // A stand-in server answering what a broken route might: the check must catch each.
  let fake: Server;
  let base: string;
  let answer: { status: number; body: string; type?: string };
  const checkedFetch = checkingFetch(fetch, () => new ResponseChecker(apiReference().document));
  const wallet = { balances: [{ coin: "PI", name: "Pi", available: "1", in_escrow: "0", withdrawing: "0" }] };

  beforeAll(async () => {
    fake = createServer((_req, res) => res.writeHead(answer.status, { "content-type": answer.type ?? "application/json" }).end(answer.body));
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

  const get = async (path: string, status: number, body: unknown, type?: string, method = "GET") => {
    answer = { status, body: typeof body === "string" ? body : JSON.stringify(body), type };
    return checkedFetch(`${base}${path}`, { method });
  };

  it("lets a declared answer through", async () => {
    expect((await get("/api/wallet", 200, wallet)).status).toBe(200);
    expect((await get("/api/wallet", 401, { error: { code: "UNAUTHENTICATED", message: "Sign in." } })).status).toBe(401);
  });

  it("fails on a missing field, a wrong type, a field the schema does not declare, or an unknown enum value", async () => {
    const [balance] = wallet.balances;
    const { withdrawing: _gone, ...missing } = balance!;
    await expect(get("/api/wallet", 200, { balances: [missing] })).rejects.toThrow(
      /GET \/api\/wallet answered 200 with a body that does not match its schema: \/balances\/0 must have required property 'withdrawing'/,
    );
    await expect(get("/api/wallet", 200, { balances: [{ ...balance, available: 1 }] })).rejects.toThrow("/balances/0/available must be string");
    await expect(get("/api/wallet", 200, { balances: [{ ...balance, password_hash: "x" }] })).rejects.toThrow(
      "must NOT have additional properties (password_hash)",
    );
    await expect(get("/api/wallet", 500, { error: { code: "OOPS", message: "x" } })).rejects.toThrow(
      "/error/code must be equal to one of the allowed values",
    );
  });

  it("fails on an undeclared status, a body of the wrong kind, and a route the document does not have", async () => {
    await expect(get("/api/wallet", 201, wallet)).rejects.toThrow("GET /api/wallet answered 201, a status it does not declare");
    await expect(get("/api/wallet", 200, "<p>hi</p>", "text/html")).rejects.toThrow('answered 200 with "text/html", but declares a JSON body');
    await expect(get("/api/coins/PI/watch", 204, { watched: true }, undefined, "POST")).rejects.toThrow(
      "POST /api/coins/{symbol}/watch answered 204 with JSON, but declares no JSON body for it",
    );
    await expect(get("/api/nowhere", 200, {})).rejects.toThrow("GET /api/nowhere answered 200 but is not in the API document");
  });
});

describe("who may call each route", () => {
  it("agrees with the authorization matrix: public routes are public there, admin routes are admins' only", () => {
    const disagreements = Object.entries(API_CONTRACTS).flatMap(([key, contract]) => {
      const allow = MATRIX[key]?.allow;
      if (allow === undefined) return [`${key}: not in the matrix`];
      if ((contract.access === "public") !== (allow === "public")) return [`${key}: ${contract.access} here, ${JSON.stringify(allow)} there`];
      const adminsOnly = Array.isArray(allow) && allow.length === 1 && allow[0] === "admin";
      if ((contract.access === "admin") !== adminsOnly) return [`${key}: ${contract.access} here, ${JSON.stringify(allow)} there`];
      return [];
    });
    expect(disagreements).toEqual([]);
  });
});
