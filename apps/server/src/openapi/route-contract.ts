import type { z } from "zod";

/**
 * Who may call a route. "signed-in" routes may still answer 404 for another person's object;
 * docs/API.md and the authorization matrix (test/authorization-matrix.ts) say who sees what.
 */
export type Access = "public" | "signed-in" | "trader" | "merchant" | "merchant or admin" | "admin";

/** An answer that is not JSON: nothing (204), a redirect to a page of the app, an image's bytes, an HTML page, or a CSV file. */
export type OtherBody = "no content" | "redirect" | "image" | "html" | "csv";

/**
 * What one route takes and answers, as the API document (/api/openapi.json) publishes it.
 * Path parameters come from the path itself (`:id` is a string); errors ({ error: { code,
 * message, fields? } }) need no entry unless a status answers something else (health's 503).
 */
export type RouteContract = {
  summary: string;
  access: Access;
  /** More than the summary can say: who sees what, what the answer depends on. */
  description?: string;
  query?: z.ZodType;
  body?: z.ZodType | "image";
  /** The route runs at most once per Idempotency-Key (http/idempotency.ts). */
  idempotent?: true;
  responses: Record<number, z.ZodType | OtherBody>;
};

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** "METHOD /path" exactly as the route is registered (with `:param`), as the authorization matrix names it. */
export type RouteKey = `${Method} /api/${string}`;

export type TaggedContract = RouteContract & { tag: string };

/**
 * One domain's routes under its tag in the document; every route under /api must be in one (app.ts
 * refuses to start otherwise), and the API tests check each answer against it. In `<domain>/contract.ts`:
 *
 *   export const walletContract = contracts("Wallet", {
 *     "GET /api/wallet/deposits": { summary: "The caller's deposits", access: "signed-in", query: listDepositsQuery, responses: { 200: depositListResponse } },
 *     "POST /api/wallet/deposits": { summary: "…", access: "signed-in", body: createDepositRequest, idempotent: true, responses: { 201: depositResponse } },
 *   });
 *
 * and a new domain's table is added to `openapi/api-contracts.ts`.
 */
export function contracts(tag: string, routes: Record<RouteKey, RouteContract>): Record<RouteKey, TaggedContract> {
  const tagged: Record<RouteKey, TaggedContract> = {};
  for (const [key, contract] of Object.entries(routes) as [RouteKey, RouteContract][]) tagged[key] = { ...contract, tag };
  return tagged;
}
