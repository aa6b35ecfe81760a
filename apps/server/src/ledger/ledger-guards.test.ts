import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { queryRows } from "../db/client.js";
import { AppError } from "../http/errors.js";
import { balance, fund, rowCount } from "../../test/trading-fixtures.js";
import { postTransfer, type Posting } from "./post-transfer.js";
import { pgError, transact } from "../db/transact.js";
import { verifyLedger } from "./verify-ledger.js";

let server: TestServer;
let admin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
  alice = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
  await fund(server.ctx.db, admin, alice, "PI", "10");
});
afterAll(() => server.stop());

const failure = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error("expected a failure");
};

/**
 * Alice's coins between her available and withdrawing accounts, the postings in the order given:
 * a positive `units` moves them to withdrawing, a negative one back.
 */
const moveAlice = (coin: string, units: bigint, order: "available first" | "withdrawing first" = "available first") => {
  const kind = units > 0n ? ("withdrawal_request" as const) : ("withdrawal_cancel" as const);
  const postings = [
    { account: { kind: "available" as const, userId: alice.id }, amount: -units },
    { account: { kind: "withdrawing" as const, userId: alice.id }, amount: units },
  ];
  return transact(server.ctx.db, (tx) =>
    postTransfer(tx, { kind, coin, actorId: alice.id, postings: order === "available first" ? postings : postings.reverse() }),
  );
};

describe("database guards on the ledger", () => {
  it("refuse to update, delete or truncate ledger rows", async () => {
    const db = server.ctx.db;
    for (const statement of [
      sql`update ledger_entries set amount = amount * 2`,
      sql`delete from ledger_entries`,
      sql`update ledger_transfers set kind = 'deposit'`,
      sql`delete from ledger_transfers`,
      sql`truncate ledger_entries cascade`,
    ]) {
      const err = await failure(() => db.execute(statement));
      expect(pgError(err)?.code).toBe("23001");
    }
    expect(await verifyLedger(db)).toEqual([]);
  });

  it("refuse an unbalanced transfer when its transaction commits", async () => {
    const db = server.ctx.db;
    const before = await rowCount(db, "ledger_entries");
    const err = await failure(() =>
      // eslint-disable-next-line no-restricted-syntax -- the database guards themselves, without the app's transaction path
      db.transaction(async (tx) => {
        const [account] = await queryRows<{ id: number }>(tx, sql`select id from ledger_accounts where kind = 'custody' and coin = 'PI'`);
        const [t] = await queryRows<{ id: number }>(tx, sql`insert into ledger_transfers (kind, coin) values ('deposit', 'PI') returning id`);
        await tx.execute(
          sql`insert into ledger_entries (transfer_id, account_id, coin, amount, balance_after) values (${t!.id}, ${account!.id}, 'PI', 5, 5)`,
        );
      }),
    );
    expect(pgError(err)).toMatchObject({ code: "23514" });
    expect(await rowCount(db, "ledger_entries")).toBe(before);
  });

  it("refuse an entry whose coin differs from its account's", async () => {
    const err = await failure(() =>
      // eslint-disable-next-line no-restricted-syntax -- the database guards themselves, without the app's transaction path
      server.ctx.db.transaction(async (tx) => {
        const [account] = await queryRows<{ id: number }>(tx, sql`select id from ledger_accounts where kind = 'custody' and coin = 'PI'`);
        const [t] = await queryRows<{ id: number }>(tx, sql`insert into ledger_transfers (kind, coin) values ('deposit', 'SIDRA') returning id`);
        await tx.execute(
          sql`insert into ledger_entries (transfer_id, account_id, coin, amount, balance_after) values (${t!.id}, ${account!.id}, 'SIDRA', 5, 5)`,
        );
      }),
    );
    expect(pgError(err)?.code).toBe("23503");
  });

  it("refuse a balance below zero: an overdraft is INSUFFICIENT_BALANCE and writes nothing", async () => {
    const db = server.ctx.db;
    const before = await rowCount(db, "ledger_entries");
    const err = await failure(() => moveAlice("PI", 1_000_000_001n));
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("INSUFFICIENT_BALANCE");
    expect(await balance(db, alice.id, "PI")).toBe("10.00000000");
    expect(await rowCount(db, "ledger_entries")).toBe(before);
    // And straight in SQL, whatever the code does.
    const direct = await failure(() => db.execute(sql`update ledger_accounts set balance = -1 where kind = 'available'`));
    expect(pgError(direct)).toMatchObject({ code: "23514", constraint: "ledger_accounts_balance_nonnegative" });
  });

  it("refuse a debit from an account never opened: INSUFFICIENT_BALANCE naming it, nothing written", async () => {
    const db = server.ctx.db;
    const before = await rowCount(db, "ledger_transfers");
    const err = await failure(() => moveAlice("SIDRA", 5n));
    expect(err).toMatchObject({ code: "INSUFFICIENT_BALANCE", message: expect.stringContaining("SIDRA") });
    expect(await rowCount(db, "ledger_transfers")).toBe(before);
    const [opened] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ledger_accounts where user_id = ${alice.id} and coin = 'SIDRA'`,
    );
    expect(opened!.n).toBe(0);
  });

  it("write a transfer's entries, balances after and audit row in lock order, whatever order the postings came in", async () => {
    const db = server.ctx.db;
    const { id } = await moveAlice("PI", 200_000_000n, "withdrawing first");
    const entries = await queryRows<{ kind: string; amount: string; balance_after: string }>(
      db,
      sql`select a.kind, e.amount::text, e.balance_after::text from ledger_entries e join ledger_accounts a on a.id = e.account_id
        where e.transfer_id = ${id} order by e.id`,
    );
    expect(entries).toEqual([
      { kind: "available", amount: "-2.00000000", balance_after: "8.00000000" },
      { kind: "withdrawing", amount: "2.00000000", balance_after: "2.00000000" },
    ]);
    const [audit] = await queryRows<{ data: { coin: string; postings: { amount: string }[] } }>(
      db,
      sql`select data from audit_log where action = 'ledger.withdrawal_request' and target_id = ${String(id)}`,
    );
    expect(audit!.data.coin).toBe("PI");
    expect(audit!.data.postings.map((p) => p.amount)).toEqual(["-2.00000000", "2.00000000"]);
    // Back as it was: a withdrawal is owed its withdrawals row, which this transfer has none of.
    await moveAlice("PI", -200_000_000n);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it.each([
    {
      why: "a transfer must balance",
      postings: (): Posting[] => [
        { account: { kind: "custody" }, amount: -5n },
        { account: { kind: "available", userId: alice.id }, amount: 4n },
      ],
    },
    {
      why: "a transfer debits exactly one account",
      postings: (): Posting[] => [
        { account: { kind: "custody" }, amount: -5n },
        { account: { kind: "available", userId: admin.id }, amount: -5n },
        { account: { kind: "available", userId: alice.id }, amount: 10n },
      ],
    },
  ])("refuse postings before touching the store: $why", async ({ why, postings }) => {
    await expect(
      transact(server.ctx.db, (tx) => postTransfer(tx, { kind: "deposit", coin: "PI", actorId: admin.id, postings: postings() })),
    ).rejects.toThrow(why);
  });
});

describe("verifyLedger", () => {
  it("reports a balance that no longer matches its entries", async () => {
    const db = server.ctx.db;
    await db.execute(sql`update ledger_accounts set balance = balance + 1 where kind = 'available' and user_id = ${alice.id} and coin = 'PI'`);
    const violations = await verifyLedger(db);
    expect(violations.map((v) => v.invariant)).toEqual([
      "account balance differs from the sum of its entries",
      "users, escrow and fees together differ from confirmed deposits less what sent withdrawals paid out",
    ]);
    await db.execute(sql`update ledger_accounts set balance = balance - 1 where kind = 'available' and user_id = ${alice.id} and coin = 'PI'`);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it("reports fee income no completed order earned", async () => {
    const db = server.ctx.db;
    await db.execute(sql`insert into ledger_accounts (kind, coin, balance) values ('fees', 'CORE', 1)`);
    const violations = (await verifyLedger(db)).map((v) => v.invariant);
    expect(violations).toContain("fee account differs from the fees of completed orders and sent withdrawals");
    expect(violations).toContain("users, escrow and fees together differ from confirmed deposits less what sent withdrawals paid out");
    await db.execute(sql`update ledger_accounts set balance = 0 where kind = 'fees' and coin = 'CORE'`);
    expect(await verifyLedger(db)).toEqual([]);
  });
});
