import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, max } from "drizzle-orm";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { call, createSignedInUser, type TestUser } from "../../test/fixtures.js";
import { depositBody, getJson, postJson, rowCount, txHash } from "../../test/trading-fixtures.js";
import { auditLog, events, networks } from "../db/schema.js";

let server: TestServer;
let admin: TestUser;
let ada: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
  ada = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
});
afterAll(() => server.stop());

async function patch(who: TestUser, coin: string, code: string, body: unknown) {
  const res = await call(server.url, who.token, `/api/admin/networks/${coin}/${encodeURIComponent(code)}`, { method: "PATCH", body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
const writes = () => Promise.all(["networks", "audit_log", "events"].map((t) => rowCount(server.ctx.db, t)));
const lastAudit = async (targetId: string) => {
  const [row] = await server.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.createdAt)).limit(1);
  return row;
};

describe("admins changing a network", () => {
  it("changes only what is sent, audits it with before and after naming the admin, tells open screens, and the new minimum applies at once", async () => {
    const res = await patch(admin, "PI", "Pi", { min_deposit: "5", confirmations: 3, explorer_tx_url: "https://pi.example/tx/{hex}" });
    expect(res.status).toBe(200);
    expect(res.body.network).toMatchObject({ coin: "PI", code: "Pi", min_deposit: "5.00000000", confirmations: 3, withdrawal_fee: "0.10000000" });
    const audit = await lastAudit("PI/Pi");
    expect(audit).toMatchObject({ actorId: admin.id, action: "network.updated", targetType: "network" });
    expect(audit!.data).toEqual({
      before: { min_deposit: "1.00000000", confirmations: 1, explorer_tx_url: "https://blockexplorer.minepi.com/mainnet/transactions/{hex}" },
      after: { min_deposit: "5.00000000", confirmations: 3, explorer_tx_url: "https://pi.example/tx/{hex}" },
    });
    const [event] = await server.ctx.db
      .select()
      .from(events)
      .where(and(eq(events.topic, "market"), eq(events.type, "networks.changed")))
      .orderBy(desc(events.id))
      .limit(1);
    expect(event!.payload).toEqual({ coin: "PI", network: "Pi" });

    const listed = await getJson(server.url, null, "/api/networks");
    expect(listed.body.networks.find((n: { code: string }) => n.code === "Pi").min_deposit).toBe("5.00000000");
    const below = await postJson(server.url, ada.token, "/api/wallet/deposits", depositBody({ coin: "PI", amount: "4", tx_hash: txHash() }));
    expect(below.status).toBe(422);
    expect(below.body.error.message).toBe("The minimum deposit of PI on Pi Network is 5.");
    await patch(admin, "PI", "Pi", { min_deposit: "1", confirmations: 1 });
  });

  it("switches deposits off and on: a paused network takes no deposit", async () => {
    expect((await patch(admin, "RUBI", "Rubi", { deposits_enabled: false })).body.network.deposits_enabled).toBe(false);
    const paused = await postJson(server.url, ada.token, "/api/wallet/deposits", depositBody({ coin: "RUBI", amount: "4", tx_hash: txHash() }));
    expect(paused.status).toBe(409);
    expect((await patch(admin, "RUBI", "Rubi", { deposits_enabled: true })).body.network.deposits_enabled).toBe(true);
  });

  it("refuses bad values with a 400 on the field, and writes nothing", async () => {
    const before = await writes();
    const cases: [string, string, unknown, string | null][] = [
      ["PI", "Pi", {}, null],
      ["PI", "Pi", { confirmations: 0 }, "confirmations"],
      ["PI", "Pi", { confirmations: 1001 }, "confirmations"],
      ["PI", "Pi", { confirmations: 2.5 }, "confirmations"],
      ["PI", "Pi", { decimals: 37 }, "decimals"],
      ["PI", "Pi", { decimals: -1 }, "decimals"],
      ["PI", "Pi", { min_deposit: "-1" }, "min_deposit"],
      ["PI", "Pi", { min_deposit: "1.123456789" }, "min_deposit"],
      ["PI", "Pi", { withdrawal_fee: "abc" }, "withdrawal_fee"],
      ["USDT", "BEP20", { token_contract: "0x55d398326f99059ff77548524699902" }, "token_contract"],
      // A mixed-case contract whose EIP-55 checksum is wrong (one letter's case flipped).
      ["USDT", "BEP20", { token_contract: "0x55d398326f99059Ff775485246999027B3197955" }, "token_contract"],
      ["PI", "Pi", { token_contract: "0x55d398326f99059ff775485246999027b3197955" }, "token_contract"],
      ["PI", "Pi", { chain_id: 5 }, "chain_id"],
      ["USDT", "TRC20", { platform_address: "0x2d711642b726b04401627ca9fbac32f5c8530fb1" }, "platform_address"],
      ["USDT", "TRC20", { platform_address: "TPkCgGC5mN8bxHGnBfx9PrxJV9AjZe429N" }, "platform_address"],
      ["PI", "Pi", { explorer_tx_url: "https://pi.example/tx/" }, "explorer_tx_url"],
      ["PI", "Pi", { explorer_tx_url: "javascript:alert(1)//{hash}" }, "explorer_tx_url"],
      ["PI", "Pi", { kind: "evm" }, null],
      ["PI", "Pi", { address_branch: 99 }, null],
    ];
    for (const [coin, code, body, field] of cases) {
      const res = await patch(admin, coin, code, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(res.body.error.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await patch(admin, "PI", "Nope", { min_deposit: "1" })).status).toBe(404);
    expect((await patch(admin, "NOPE", "Pi", { min_deposit: "1" })).status).toBe(404);
    expect(await writes()).toEqual(before);
  });

  it("takes a valid TRON platform address and a checksummed token contract (stored lower case)", async () => {
    const tron = await patch(admin, "USDT", "TRC20", { platform_address: "TPkCgGC5mN8bxHGnBfx9PrxJV9AjZe429M" });
    expect(tron.body.network.platform_address).toBe("TPkCgGC5mN8bxHGnBfx9PrxJV9AjZe429M");
    const bep20 = await patch(admin, "USDT", "BEP20", { token_contract: "0x55d398326f99059fF775485246999027B3197955" });
    expect(bep20.status).toBe(200);
    expect(bep20.body.network.token_contract).toBe("0x55d398326f99059ff775485246999027b3197955");
  });

  it("is for admins only, and lists every coin's networks to them, listed or not", async () => {
    const before = await writes();
    expect((await patch(ada, "PI", "Pi", { min_deposit: "9" })).status).toBe(403);
    expect((await getJson(server.url, ada.token, "/api/admin/networks")).status).toBe(403);
    expect(await writes()).toEqual(before);
    const all = await getJson(server.url, admin.token, "/api/admin/networks");
    expect(all.body.networks).toHaveLength(await rowCount(server.ctx.db, "networks"));
    expect(all.body.networks.map((n: { coin: string }) => n.coin)).toEqual(expect.arrayContaining(["ETH", "SOL", "USDT"]));
  });
});

describe("admins adding a network", () => {
  const base = { coin: "USDT", name: "Polygon (PoS)", decimals: 6, confirmations: 64, min_deposit: "1", withdrawal_fee: "0.5" };

  it("gives an EVM network the next free address branch, audits it and tells open screens", async () => {
    const [top] = await server.ctx.db.select({ branch: max(networks.addressBranch) }).from(networks);
    const res = await postJson(server.url, admin.token, "/api/admin/networks", {
      ...base,
      code: "Polygon",
      kind: "evm",
      address_format: "evm",
      chain_id: 137,
      token_contract: "0xc2132D05D31c914a87C6611C10748AEb04B58e8F",
      explorer_tx_url: "https://polygonscan.com/tx/{hash}",
    });
    expect(res.status).toBe(201);
    expect(res.body.network).toMatchObject({ code: "Polygon", kind: "evm", chain_id: 137, deposits_enabled: false, withdrawals_enabled: false });
    expect(res.body.network.token_contract).toBe("0xc2132d05d31c914a87c6611c10748aeb04b58e8f");
    const [row] = await server.ctx.db
      .select()
      .from(networks)
      .where(and(eq(networks.coin, "USDT"), eq(networks.code, "Polygon")));
    expect(row!.addressBranch).toBe(top!.branch! + 1);
    const audit = await lastAudit("USDT/Polygon");
    expect(audit).toMatchObject({ actorId: admin.id, action: "network.created" });
    expect(audit!.data).toMatchObject({ before: null, after: { code: "Polygon", address_branch: top!.branch! + 1 } });

    // Opened, it gives each user their own address on the new branch.
    await patch(admin, "USDT", "Polygon", { deposits_enabled: true });
    const address = await getJson(server.url, ada.token, "/api/wallet/deposit-address?coin=USDT&network=Polygon");
    expect(address.body.deposit_address).toMatchObject({ kind: "evm", network: "Polygon", confirmations: 64 });
  });

  it("refuses a duplicate code (409), an EVM network without a chain id, a manual one with one, and an unknown coin, writing nothing", async () => {
    const before = await writes();
    const manual = { ...base, kind: "manual", address_format: "tron" };
    const duplicate = await postJson(server.url, admin.token, "/api/admin/networks", { ...manual, code: "TRC20" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.message).toBe("USDT already has a network called TRC20.");
    const cases: [unknown, number][] = [
      [{ ...base, code: "Evm2", kind: "evm", address_format: "evm" }, 400],
      [{ ...base, code: "Evm3", kind: "evm", address_format: "tron", chain_id: 1 }, 400],
      [{ ...manual, code: "Man2", chain_id: 1 }, 400],
      [{ ...manual, code: "Man3", token_contract: "0xc2132d05d31c914a87c6611c10748aeb04b58e8f" }, 400],
      [{ ...manual, code: "Man4", platform_address: "not-a-tron-address" }, 400],
      [{ ...manual, code: "x" }, 400],
      [{ ...manual, code: "Man5", coin: "NOPE" }, 404],
    ];
    for (const [body, status] of cases) {
      expect((await postJson(server.url, admin.token, "/api/admin/networks", body)).status, JSON.stringify(body)).toBe(status);
    }
    expect(await writes()).toEqual(before);
  });
});
