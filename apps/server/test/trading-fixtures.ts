import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { AddressFormat, CoinSymbol, UpsertOfferRequest } from "@p2p/shared";
import { queryRows, type Db } from "../src/db/client.js";
import { ledgerAccounts, withdrawals } from "../src/db/schema.js";
import { transact } from "../src/db/transact.js";
import { creditAsChainDeposit } from "../src/seed/demo-chain-credit.js";
import { firstManualNetwork } from "../src/networks/find-network.js";
import { verifyLedger } from "../src/ledger/verify-ledger.js";
import { createDeposit } from "../src/wallet/create-deposit.js";
import { confirmDeposit } from "../src/wallet/confirm-deposit.js";
import { upsertOffer } from "../src/offers/upsert-offer.js";
import { demoSenderAddress } from "../src/seed/demo-sender.js";
import { call, createSignedInUser, type TestUser } from "./fixtures.js";

/** A plausible, unique chain transaction hash. */
export const txHash = () => `0x${randomBytes(32).toString("hex")}`;

/** The manual network of each coin tests file deposits on, with its address format (migration 0022). */
const MANUAL_NETWORKS: Record<string, { network: string; format: AddressFormat }> = {
  PI: { network: "Pi", format: "plain" },
  RUBI: { network: "Rubi", format: "plain" },
  USDT: { network: "TRC20", format: "tron" },
};

/** The body of POST /api/wallet/deposits for a coin's manual network, with a sender address of its format. */
export function depositBody<T extends { coin: string }>(fields: T): T & { network: string; sender_address: string } {
  const manual = MANUAL_NETWORKS[fields.coin];
  if (!manual) throw new Error(`${fields.coin} has no manual network in the tests`);
  return { network: manual.network, sender_address: demoSenderAddress(manual.format), ...fields };
}

/**
 * Credits coins to a user the way production does: on a coin with a manual network, a deposit an
 * admin confirms; otherwise a chain deposit credited as the watcher credits it (creditDeposit).
 */
export async function fund(db: Db, admin: TestUser, user: TestUser, coin: string, amount: string): Promise<void> {
  const manual = await firstManualNetwork(db, coin);
  if (manual?.platformAddress) {
    const deposit = await createDeposit({
      db,
      userId: user.id,
      input: { coin: coin as CoinSymbol, network: manual.code, amount, tx_hash: txHash(), sender_address: demoSenderAddress(manual.addressFormat) },
    });
    await confirmDeposit({ db, adminId: admin.id, depositId: deposit.id });
    return;
  }
  await transact(db, (tx) => creditAsChainDeposit(tx, { userId: user.id, coin, amount, txHash: txHash() }));
}

export const OFFER: UpsertOfferRequest = {
  buy_price: "950.00",
  sell_price: "1000.00",
  min_order: "1000.00",
  max_order: "1000000.00",
  bank_name: "Zenith Bank",
  account_number: "0123456789",
  account_name: "Merchant Ventures",
  terms: "Pay from an account in your own name.",
  online: true,
};

export async function putOffer(db: Db, merchant: TestUser, coin: string, overrides: Partial<UpsertOfferRequest> = {}) {
  const input = { ...OFFER, ...overrides } as Required<UpsertOfferRequest>;
  return upsertOffer({ db, merchantId: merchant.id, coin, input: { ...input, terms: input.terms ?? "", online: input.online ?? true } });
}

/** A signed-in merchant with an online offer for `coin` on `OFFER`'s terms: where most trades start. */
export async function merchantWithOffer(server: { ctx: { db: Db; config: { sessionSecret: string } } }, coin = "PI"): Promise<TestUser> {
  const merchant = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "merchant" });
  await putOffer(server.ctx.db, merchant, coin);
  return merchant;
}

/** A user's balance of one kind in one coin, as a decimal string. */
export async function balance(db: Db, userId: string, coin: string, kind: "available" | "withdrawing" = "available"): Promise<string> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.coin, coin), eq(ledgerAccounts.kind, kind)));
  return row?.balance ?? "0.00000000";
}

export async function expectLedgerSound(db: Db): Promise<void> {
  expect(await verifyLedger(db)).toEqual([]);
}

export async function rowCount(db: Db, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return row!.n;
}

/** POST with a JSON body and optional extra headers (Idempotency-Key). */
export function post(baseUrl: string, token: string | null, path: string, body: unknown = undefined, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export { call };

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read as untyped JSON

/** POST and read the JSON answer in one step. */
export async function postJson(baseUrl: string, token: string | null, path: string, body?: unknown, headers?: Record<string, string>) {
  const res = await post(baseUrl, token, path, body, headers);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Json, headers: res.headers };
}

export async function getJson(baseUrl: string, token: string | null, path: string) {
  const res = await call(baseUrl, token, path);
  return { status: res.status, body: (await res.json()) as Json };
}

/**
 * Readies a withdrawal for its hash the one way there is: each admin of `approvers` approves it
 * (one, or two above the coin's two-admin amount), then the first puts its network's approved
 * withdrawals into a payout batch.
 */
export async function approveAndBatch(server: { url: string; ctx: { db: Db } }, approvers: TestUser[], withdrawalId: string): Promise<string> {
  for (const admin of approvers) {
    const approved = await postJson(server.url, admin.token, `/api/admin/withdrawals/${withdrawalId}/approve`);
    if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${JSON.stringify(approved.body)}`);
  }
  const [row] = await server.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
  const batch = await postJson(server.url, approvers[0]!.token, "/api/admin/payout-batches", { coin: row!.coin, network: row!.network });
  if (batch.status !== 201) throw new Error(`batch: ${batch.status} ${JSON.stringify(batch.body)}`);
  return batch.body.batch.id as string;
}

/** Approves, batches and files a hash for a withdrawal: the answer to marking it sent. */
export async function payOut(server: { url: string; ctx: { db: Db } }, approvers: TestUser[], withdrawalId: string, hash = txHash()) {
  await approveAndBatch(server, approvers, withdrawalId);
  return postJson(server.url, approvers[0]!.token, `/api/admin/withdrawals/${withdrawalId}/sent`, { tx_hash: hash });
}

export type OrderStep = "pending" | "matched" | "in_progress" | "completed" | "disputed";

/**
 * An order between a user and a merchant driven over HTTP to the given status; side is the
 * user's. The seller is funded first so the escrow can lock.
 */
export async function tradeTo(
  server: { url: string; ctx: { db: Db } },
  parties: { admin: TestUser; user: TestUser; merchant: TestUser },
  options: { side: "buy" | "sell"; status: OrderStep; coin?: string; naira?: string },
): Promise<string> {
  const { admin, user, merchant } = parties;
  const coin = options.coin ?? "PI";
  const seller = options.side === "buy" ? merchant : user;
  const buyer = options.side === "buy" ? user : merchant;
  await fund(server.ctx.db, admin, seller, coin, "1000");
  const created = await postJson(server.url, user.token, "/api/orders", {
    merchant_id: merchant.id,
    coin,
    side: options.side,
    naira_amount: options.naira ?? "10000",
    ...(options.side === "sell" ? { payout: { bank_name: "GTBank", account_number: "0987654321", account_name: "Ada Trader" } } : {}),
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.order.id as string;
  const steps: [OrderStep, TestUser, string][] = [
    ["matched", merchant, "accept"],
    ["in_progress", buyer, "mark-paid"],
  ];
  for (const [reached, actor, action] of steps) {
    if (options.status === "pending") break;
    const res = await postJson(server.url, actor.token, `/api/orders/${id}/${action}`);
    if (res.status !== 200) throw new Error(`${action}: ${res.status} ${JSON.stringify(res.body)}`);
    if (options.status === reached) return id;
  }
  if (options.status === "completed") {
    const res = await postJson(server.url, seller.token, `/api/orders/${id}/confirm-payment`);
    if (res.status !== 200) throw new Error(`confirm: ${res.status} ${JSON.stringify(res.body)}`);
  }
  if (options.status === "disputed") {
    const res = await postJson(server.url, buyer.token, `/api/orders/${id}/appeal`, { reason: "The seller is not responding." });
    if (res.status !== 200) throw new Error(`appeal: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return id;
}
