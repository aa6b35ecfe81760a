import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "../test/harness.js";
import { MATRIX, type Actor, type Rule } from "../test/authorization-matrix.js";
import { bodyOf, buildMatrixWorld, pathOf, sendAs, snapshot, type MatrixWorld } from "../test/matrix-world.js";

/**
 * Every registered endpoint × every kind of caller, against the one declaration in
 * `test/authorization-matrix.ts`: signed out, two users, the counterparty merchant, an unrelated
 * merchant, an admin and a suspended user; on userA's own objects, which are everyone else's
 * "another's object". Refusals change nothing.
 */

let world: MatrixWorld;

beforeAll(async () => {
  world = await buildMatrixWorld(await startTestServer());
}, 60_000);
afterAll(() => world.server.stop());

const CALLERS: Actor[] = ["anon", "suspended", "userA", "userB", "merchant", "merchantB", "admin"];

describe("the authorization matrix", () => {
  it("declares every registered endpoint, and nothing that is not one", () => {
    const registered = new Set(world.server.routes.map((r) => `${r.method} ${r.url}`));
    const undeclared = [...registered].filter((k) => !(k in MATRIX));
    const stale = Object.keys(MATRIX).filter((k) => !registered.has(k));
    expect({ undeclared, stale }).toEqual({ undeclared: [], stale: [] });
  });

  const checked = Object.entries(MATRIX).filter(([, rule]) => rule.allow !== "public" && !rule.elsewhere);
  it.each(checked)("%s", async (route, rule) => {
    const [method, pattern] = route.split(" ") as [string, string];
    const allowed = rule.allow as Actor[];
    const body = bodyOf(world, rule);
    const problems: string[] = [];
    // Refusals first, so the allowed calls (which may change the object) come last.
    const ordered = [...CALLERS.filter((a) => !allowed.includes(a)), ...CALLERS.filter((a) => allowed.includes(a))];
    for (const actor of ordered) {
      const isAllowed = allowed.includes(actor);
      const before = isAllowed ? null : await snapshot(world);
      const answer = await sendAs(world, actor, method, pathOf(world, pattern, rule), body === undefined ? undefined : { json: body }, {
        ownSession: isAllowed && rule.ownSession,
      });
      const verdict = judge(rule, actor, isAllowed, answer.status, answer.code);
      if (verdict) problems.push(`${actor}: ${verdict} (got ${answer.status} ${answer.code ?? ""})`);
      else if (before && (await snapshot(world)) !== before) problems.push(`${actor}: refused, but the data changed`);
    }
    expect(problems).toEqual([]);
  });
});

function judge(rule: Rule, actor: Actor, isAllowed: boolean, status: number, code: string | undefined): string | null {
  // A feature switched off on this server (Telegram without a bot token) answers 503 on purpose.
  if (status >= 500 && !(status === 503 && code === "NOT_CONFIGURED")) return "server error";
  if (isAllowed) {
    if (status === 401 || status === 404) return "allowed, but refused";
    if (status === 403 && !(rule.stateful && code === "FORBIDDEN")) return "allowed, but refused";
    return null;
  }
  if (actor === "anon" || actor === "suspended") return status === 401 ? null : "expected 401";
  // A caller whose role may use the endpoint, on someone else's object: 404 so ids leak nothing.
  const roleOf = (a: Actor) => (a === "anon" ? null : world.people[a].role);
  const allowedRoles = new Set((rule.allow as Actor[]).map(roleOf));
  if (rule.object && allowedRoles.has(roleOf(actor))) return status === 404 ? null : "expected 404";
  return status === 403 || status === 404 ? null : "expected 403 or 404";
}
