import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "../harness.js";
import { MATRIX, type Actor, type Rule } from "../authorization-matrix.js";
import { bodyOf, buildMatrixWorld, pathOf, sendAs, snapshot, type Answer, type MatrixWorld } from "../matrix-world.js";
import { expectLedgerSound } from "../trading-fixtures.js";
import { PATH_VARIANTS, QUERY_VARIANTS, bodyVariants } from "./hostile-inputs.js";

/**
 * Every endpoint of the authorization matrix, called by someone allowed to, with hostile input:
 * never a 500; a refusal is a 4xx with a code and a message and changes nothing; input that is
 * accepted (a chat message that happens to contain HTML) is stored as the text it is. The ledger
 * balances at the end.
 */

let world: MatrixWorld;

beforeAll(async () => {
  // Per-IP and chat limits off: this suite sends thousands of requests from one address, and a
  // 429 would hide what the endpoint itself does with the input.
  world = await buildMatrixWorld(await startTestServer({ RATE_LIMITS: "off", RATE_LIMIT_CHAT_PER_MINUTE: "100000" }));
}, 60_000);
afterAll(() => world.server.stop());

const routes = Object.entries(MATRIX).filter(([, rule]) => !rule.elsewhere);
const PREFERRED: Actor[] = ["userA", "merchant", "admin", "userB", "merchantB"];
const callerOf = (rule: Rule): Actor => (rule.allow === "public" ? "userA" : PREFERRED.find((a) => (rule.allow as Actor[]).includes(a))!);

/** What is wrong with an answer to hostile input, or null when it is a proper answer. */
function problemWith(answer: Answer): string | null {
  if (answer.status >= 500 && !(answer.status === 503 && answer.code === "NOT_CONFIGURED")) return `server error ${answer.status}`;
  if (answer.status >= 400 && (!answer.code || !answer.message)) return `a ${answer.status} without a code and message`;
  return null;
}

describe("hostile request bodies", () => {
  const writes = routes.filter(([route]) => !route.startsWith("GET "));
  it.each(writes)("%s", async (route, rule) => {
    const [method, pattern] = route.split(" ") as [string, string];
    const path = pathOf(world, pattern, rule);
    const problems: string[] = [];
    for (const variant of bodyVariants(bodyOf(world, rule))) {
      const before = await snapshot(world);
      const answer = await sendAs(world, callerOf(rule), method, path, variant.body, { ownSession: rule.ownSession });
      const problem = problemWith(answer);
      if (problem) problems.push(`${variant.name}: ${problem}`);
      else if (answer.status >= 400 && (await snapshot(world)) !== before)
        problems.push(`${variant.name}: refused with ${answer.status}, but the data changed`);
    }
    expect(problems).toEqual([]);
  });
});

describe("hostile query strings", () => {
  const reads = routes.filter(([route, rule]) => route.startsWith("GET ") && rule.allow !== "public");
  it.each(reads)("%s", async (route, rule) => {
    const [, pattern] = route.split(" ") as [string, string];
    const path = pathOf(world, pattern, rule);
    const problems: string[] = [];
    for (const query of QUERY_VARIANTS) {
      const answer = await sendAs(world, callerOf(rule), "GET", `${path}${query}`, undefined);
      const problem = problemWith(answer);
      if (problem) problems.push(`${query.slice(0, 60)}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});

describe("hostile ids in the path", () => {
  const withIds = routes.filter(([route, rule]) => rule.object && /:(id|symbol|orderId)\b/.test(route));
  it.each(withIds)("%s", async (route, rule) => {
    const [method, pattern] = route.split(" ") as [string, string];
    const problems: string[] = [];
    for (const bad of PATH_VARIANTS) {
      const before = await snapshot(world);
      const path = pattern.replace(/:(id|symbol|orderId)\b/, bad);
      const body = bodyOf(world, rule);
      const answer = await sendAs(world, callerOf(rule), method, path, body === undefined ? undefined : { json: body });
      const problem = problemWith(answer) ?? (answer.status < 400 ? `accepted (${answer.status})` : null);
      if (problem) problems.push(`${bad.slice(0, 40)}: ${problem}`);
      else if ((await snapshot(world)) !== before) problems.push(`${bad.slice(0, 40)}: refused, but the data changed`);
    }
    expect(problems).toEqual([]);
  });

  it("leaves the ledger balanced after all of it", async () => {
    await expectLedgerSound(world.server.ctx.db);
  });
});
