import { apiReference } from "../src/openapi/routes.js";
import { ResponseChecker } from "./response-check.js";

/**
 * Vitest setup of the API tests: every answer a test receives from our server under /api (through
 * fetch, which TestClient uses too) is checked against the API document, and a mismatch fails the
 * request that got it, so the test that made it fails with the route, the status and what differs.
 */
export class ResponseMismatch extends Error {
  override name = "ResponseMismatch";
}

const CHECKED = Symbol.for("p2p.responseCheck");
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

type Fetch = typeof globalThis.fetch;

export function checkingFetch(fetch: Fetch, checker: () => ResponseChecker): Fetch {
  const checked: Fetch = async (input, init) => {
    const res = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    // A followed redirect's answer is another page's, not this route's.
    if (res.redirected || !LOOPBACK.has(url.hostname) || !url.pathname.startsWith("/api/") || method === "HEAD" || method === "OPTIONS") return res;
    const contentType = res.headers.get("content-type") ?? "";
    const body = contentType.includes("json") ? await res.clone().text() : "";
    const problem = checker().problem(method, url.pathname, res.status, contentType, body);
    if (problem) throw new ResponseMismatch(problem);
    return res;
  };
  return Object.assign(checked, { [CHECKED]: true });
}

if (!(CHECKED in globalThis.fetch)) {
  let checker: ResponseChecker | null = null;
  globalThis.fetch = checkingFetch(globalThis.fetch, () => (checker ??= new ResponseChecker(apiReference().document)));
}
