import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCoin, formatCoin, liabilityRootsResponse, verifyLiabilityProof, type LiabilityRoot } from "@p2p/shared";
import { and, eq, sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { fund, getJson, postJson, putOffer, rowCount, tradeTo } from "../../test/trading-fixtures.js";
import { queryRows } from "../db/client.js";
import { auditLog, liabilityLeaves } from "../db/schema.js";
import { buildLiabilitySnapshots } from "./build-liability-snapshot.js";

let server: TestServer;
let admin: TestUser;
let ada: TestUser;
let bola: TestUser;
let chidi: TestUser;
let merchant: TestUser;
const secret = () => server.ctx.config.sessionSecret;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.ctx.db;
  admin = await createSignedInUser(db, secret(), { role: "admin" });
  ada = await createSignedInUser(db, secret());
  bola = await createSignedInUser(db, secret());
  chidi = await createSignedInUser(db, secret());
  merchant = await createSignedInUser(db, secret(), { role: "merchant" });
  await putOffer(db, merchant, "PI");
  // ada: available; bola: available, part of it withdrawing; merchant: available and escrow (an open order's).
  await fund(db, admin, ada, "PI", "150.12345678");
  await fund(db, admin, bola, "PI", "40");
  const withdrawal = await postJson(server.url, bola.token, "/api/wallet/withdrawals", {
    coin: "PI",
    network: "Pi",
    amount: "15.5",
    address: "GBOLAPIWALLET0001",
  });
  expect(withdrawal.status).toBe(201);
  await tradeTo(server, { admin, user: ada, merchant }, { side: "buy", status: "matched" });
});
afterAll(() => server.stop());

/** Each user's PI the ledger owes them, read straight from ledger_accounts. */
async function owedByUser(coin: string): Promise<Map<string, string>> {
  const rows = await queryRows<{ user_id: string; total: string }>(
    server.ctx.db,
    sql`select user_id, sum(balance)::text as total from ledger_accounts
        where coin = ${coin} and kind in ('available', 'escrow', 'withdrawing') group by user_id having sum(balance) > 0`,
  );
  return new Map(rows.map((r) => [r.user_id, formatCoin(parseCoin(r.total))]));
}

const build = (who: TestUser, body: unknown) => postJson(server.url, who.token, "/api/admin/liabilities", body);
const published = async (coin: string): Promise<LiabilityRoot> =>
  liabilityRootsResponse.parse((await getJson(server.url, null, "/api/liabilities")).body).roots.find((r) => r.coin === coin)!;
const proofOf = (who: TestUser, coin: string) => getJson(server.url, who.token, `/api/wallet/liability-proof?coin=${coin}`);

describe("proof of liabilities", () => {
  it("a snapshot holds each user's available + escrow + withdrawing, and its total is their sum", async () => {
    const res = await build(admin, { coin: "PI" });
    expect(res.status).toBe(201);
    const [root] = res.body.roots as LiabilityRoot[];
    const owed = await owedByUser("PI");
    // The three kinds are all there: bola's withdrawing, the merchant's escrow.
    expect(owed.get(bola.id)).toBe("40.00000000");
    expect(owed.get(ada.id)).toBe("150.12345678");
    expect(owed.get(merchant.id)).toBe("1000.00000000");
    const leaves = await server.ctx.db.select().from(liabilityLeaves).where(eq(liabilityLeaves.snapshotId, root!.snapshot_id));
    expect(new Map(leaves.map((l) => [l.userId, l.balance]))).toEqual(owed);
    expect(leaves.some((l) => l.userId === chidi.id)).toBe(false);
    expect(new Set(leaves.map((l) => l.salt)).size).toBe(leaves.length);
    for (const leaf of leaves) expect(leaf.salt).toMatch(/^[0-9a-f]{32}$/);
    const sum = [...owed.values()].reduce((s, v) => s + parseCoin(v), 0n);
    expect(root).toMatchObject({ coin: "PI", total: formatCoin(sum), leaf_count: owed.size });
    expect(await published("PI")).toEqual(root);
    const [audit] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "liabilities.snapshot_built"), eq(auditLog.targetId, root!.snapshot_id)));
    expect(audit).toMatchObject({ actorId: admin.id, data: { coin: "PI", root_hash: root!.root_hash, leaf_count: owed.size } });
  });

  it("every user's proof verifies in the shared code against the published root, with their own balance", async () => {
    const root = await published("PI");
    const owed = await owedByUser("PI");
    for (const who of [ada, bola, merchant]) {
      const res = await proofOf(who, "PI");
      expect(res.status).toBe(200);
      const { proof } = res.body;
      expect(proof).toMatchObject({ user_id: who.id, balance: owed.get(who.id), snapshot_id: root.snapshot_id, root_hash: root.root_hash });
      expect(verifyLiabilityProof(proof, root)).toEqual({ ok: true });
      // The same proof with a larger balance does not verify: the tree holds exactly what the ledger owes.
      expect(verifyLiabilityProof({ ...proof, balance: formatCoin(parseCoin(proof.balance) + 1n) }, root).ok).toBe(false);
    }
  });

  it("serves only the caller's own leaf: no way to name another user, and none for someone who held nothing", async () => {
    const mine = (await proofOf(ada, "PI")).body.proof;
    const theirs = (await proofOf(bola, "PI")).body.proof;
    expect(mine.user_id).toBe(ada.id);
    expect(theirs.user_id).toBe(bola.id);
    expect(mine.salt).not.toBe(theirs.salt);
    const asking = await getJson(server.url, ada.token, `/api/wallet/liability-proof?coin=PI&user_id=${bola.id}`);
    expect(asking.status).toBe(400);
    expect(JSON.stringify(asking.body)).not.toContain(theirs.salt);
    const none = await proofOf(chidi, "PI");
    expect(none.status).toBe(404);
    expect(none.body.error).toEqual({
      code: "NOT_FOUND",
      message: "You held no PI when the latest proof of liabilities was taken, so it has no entry for you.",
    });
    expect((await getJson(server.url, null, "/api/wallet/liability-proof?coin=PI")).status).toBe(401);
  });

  it("answers 404 with a message for a coin with no snapshot yet, and 400 for an unknown coin", async () => {
    const res = await proofOf(ada, "SIDRA");
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("No proof of liabilities has been published for SIDRA yet.");
    expect((await proofOf(ada, "NOPE")).status).toBe(400);
  });

  it("only an admin builds a snapshot; others are refused and nothing is written", async () => {
    const before = await rowCount(server.ctx.db, "liability_snapshots");
    expect((await build(ada, { coin: "PI" })).status).toBe(403);
    expect((await build(merchant, {})).status).toBe(403);
    expect((await postJson(server.url, null, "/api/admin/liabilities", {})).status).toBe(401);
    const bad = await build(admin, { coin: "NOPE" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("VALIDATION_FAILED");
    expect((await build(admin, { coin: "PI", extra: 1 })).status).toBe(400);
    expect(await rowCount(server.ctx.db, "liability_snapshots")).toBe(before);
  });

  it("a new snapshot follows the ledger; the old proof no longer matches the new root", async () => {
    const old = (await proofOf(ada, "PI")).body.proof;
    await fund(server.ctx.db, admin, ada, "PI", "9.5");
    expect((await build(admin, { coin: "PI" })).status).toBe(201);
    const root = await published("PI");
    expect(root.snapshot_id).not.toBe(old.snapshot_id);
    expect(verifyLiabilityProof(old, root).ok).toBe(false);
    const fresh = (await proofOf(ada, "PI")).body.proof;
    expect(fresh.balance).toBe("159.62345678");
    expect(verifyLiabilityProof(fresh, root)).toEqual({ ok: true });
  });

  it("the daily job builds one snapshot per listed coin, unaudited, and empty coins publish a zero total", async () => {
    const audits = await rowCount(server.ctx.db, "audit_log");
    const roots = await buildLiabilitySnapshots({ db: server.ctx.db, adminId: null });
    const listed = await queryRows<{ symbol: string }>(server.ctx.db, sql`select symbol from coins where listed order by sort_order`);
    expect(roots.map((r) => r.coin)).toEqual(listed.map((c) => c.symbol));
    expect(await rowCount(server.ctx.db, "audit_log")).toBe(audits);
    const sidra = roots.find((r) => r.coin === "SIDRA");
    if (sidra) expect(sidra).toMatchObject({ total: "0.00000000", leaf_count: 0 });
    const pi = roots.find((r) => r.coin === "PI")!;
    expect(pi.total).toBe(formatCoin([...(await owedByUser("PI")).values()].reduce((s, v) => s + parseCoin(v), 0n)));
  });

  it("the daily snapshot is a recurring job: queued at start, it builds every listed coin and queues itself a day later", async () => {
    const pending = () =>
      queryRows<{ run_at: Date }>(
        server.ctx.db,
        sql`select run_at from jobs where kind = 'liabilities.snapshot' and done_at is null and failed_at is null`,
      );
    expect(await pending()).toHaveLength(1);
    const before = await rowCount(server.ctx.db, "liability_snapshots");
    const listed = await queryRows<{ n: number }>(server.ctx.db, sql`select count(*)::int as n from coins where listed`);
    await server.ctx.jobs.runDue();
    expect(await rowCount(server.ctx.db, "liability_snapshots")).toBe(before + listed[0]!.n);
    const [next] = await pending();
    expect(new Date(next!.run_at).getTime() - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
  });
});
