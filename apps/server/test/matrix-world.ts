import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { users } from "../src/db/schema.js";
import type { TestServer } from "./harness.js";
import { createSignedInUser, signInAgain, type TestUser } from "./fixtures.js";
import { approveAndBatch, depositBody, fund, postJson, putOffer, tradeTo } from "./trading-fixtures.js";
import type { Actor, ObjectKind, Rule } from "./authorization-matrix.js";

/** The people and objects the authorization matrix speaks of, made real on one test server. */
export type MatrixWorld = {
  server: TestServer;
  people: Record<Exclude<Actor, "anon">, TestUser>;
  objects: Record<ObjectKind, string>;
};

export async function buildMatrixWorld(server: TestServer): Promise<MatrixWorld> {
  const db = server.ctx.db;
  const secret = server.ctx.config.sessionSecret;
  const people = {
    admin: await createSignedInUser(db, secret, { role: "admin" }),
    userA: await createSignedInUser(db, secret),
    userB: await createSignedInUser(db, secret),
    merchant: await createSignedInUser(db, secret, { role: "merchant" }),
    merchantB: await createSignedInUser(db, secret, { role: "merchant" }),
    suspended: await createSignedInUser(db, secret),
  };
  await db
    .update(users)
    .set({ suspendedAt: new Date() })
    .where(sql`${users.id} = ${people.suspended.id}`);
  await putOffer(db, people.merchant, "PI");
  await putOffer(db, people.merchantB, "PI");
  await fund(db, people.admin, people.userA, "PI", "100");

  const { userA } = people;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read as untyped JSON
  const created = async (path: string, body: unknown, pick: (b: any) => string) => {
    const res = await postJson(server.url, userA.token, path, body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return pick(res.body);
  };
  const parties = { admin: people.admin, user: userA, merchant: people.merchant };
  const applicant = await createSignedInUser(db, secret);
  const applied = await postJson(server.url, applicant.token, "/api/merchant-application", merchantApplication());
  if (applied.status !== 201) throw new Error(`application: ${applied.status} ${JSON.stringify(applied.body)}`);
  const objects: Record<ObjectKind, string> = {
    order: await tradeTo(server, parties, { side: "buy", status: "in_progress" }),
    disputed: await tradeTo(server, parties, { side: "buy", status: "disputed" }),
    session: (await signInAgain(db, secret, userA)).sessionId,
    application: applied.body.application.id,
    coin: "PI",
    network: "PI/Pi",
    victim: (await createSignedInUser(db, secret)).id,
    complaint: await created("/api/complaints", { category: "platform", subject: "Slow pages", message: "Pages load slowly." }, (b) => b.id),
    deposit: await created("/api/wallet/deposits", depositBody({ coin: "PI", amount: "2", tx_hash: `0x${"cd".repeat(32)}` }), (b) => b.deposit.id),
    withdrawal: await created(
      "/api/wallet/withdrawals",
      { coin: "PI", network: "Pi", amount: "1", address: "0xdestination0002" },
      (b) => b.withdrawal.id,
    ),
    payoutBatch: await approveAndBatch(
      server,
      [people.admin],
      await created("/api/wallet/withdrawals", { coin: "PI", network: "Pi", amount: "1", address: "0xdestination0003" }, (b) => b.withdrawal.id),
    ),
    liveChat: await created("/api/live-chat/sessions", { message: "I need help with a deposit." }, (b) => b.session.id),
  };
  return { server, people, objects };
}

export type Answer = { status: number; code?: string; message?: string };

/** One request as `actor`; `body` is JSON-encoded unless given as raw text. */
export async function sendAs(
  world: MatrixWorld,
  actor: Actor,
  method: string,
  path: string,
  body: { json: unknown } | { raw: string; contentType?: string } | undefined,
  options: { ownSession?: boolean } = {},
): Promise<Answer> {
  let token: string | null = null;
  if (actor !== "anon") {
    const person = world.people[actor];
    token = options.ownSession ? (await signInAgain(world.server.ctx.db, world.server.ctx.config.sessionSecret, person)).token : person.token;
  }
  const text = body === undefined ? undefined : "json" in body ? JSON.stringify(body.json) : body.raw;
  const contentType = body === undefined ? undefined : "json" in body ? "application/json" : (body.contentType ?? "application/json");
  const res = await fetch(`${world.server.url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(contentType ? { "content-type": contentType } : {}) },
    body: text,
  });
  const answer = await res.text();
  try {
    const error = JSON.parse(answer)?.error;
    return { status: res.status, code: error?.code, message: error?.message };
  } catch {
    return { status: res.status };
  }
}

/** The path with its parameter filled from the world's objects. */
export function pathOf(world: MatrixWorld, pattern: string, rule: Rule): string {
  return pattern.replace(/:coin\/:code\b|:(id|symbol|orderId)\b/, () => world.objects[rule.object!]);
}

const RECEIPT = readFileSync(new URL("../src/uploads/test-images/receipt.png", import.meta.url));

/** A complete merchant application, with a real PNG as the ID document. */
function merchantApplication() {
  return {
    business_name: "Ada Coins Ltd",
    contact_name: "Ada Obi",
    contact_phone: "+2348035556666",
    contact_email: "ada.coins@example.test",
    coins: ["PI", "USDT"],
    bank_name: "GTBank",
    account_number: "0123456789",
    account_name: "Ada Coins Ltd",
    id_document: `data:image/png;base64,${RECEIPT.toString("base64")}`,
    accept_agreement: true,
  };
}

/** The rule's valid body, with placeholders ("{merchant}", "{application}") filled in. */
export function bodyOf(world: MatrixWorld, rule: Rule): unknown {
  if (rule.body === undefined) return undefined;
  if (rule.body === "{application}") return merchantApplication();
  return JSON.parse(JSON.stringify(rule.body).replaceAll('"{merchant}"', JSON.stringify(world.people.merchant.id)));
}

/** What a refused call must leave as it was: every row that matters, and how many there are. */
export async function snapshot(world: MatrixWorld): Promise<string> {
  const hashed = [
    "orders",
    "offers",
    "coins",
    "user_roles",
    "deposits",
    "withdrawals",
    "help_tickets",
    "live_chat_sessions",
    "appeals",
    "order_ratings",
  ];
  const counted = [
    "events",
    "notifications",
    "jobs",
    "chat_messages",
    "ledger_entries",
    "audit_log",
    "merchant_chat_messages",
    "live_chat_messages",
    "coin_watches",
  ];
  const columns = [
    ...hashed.map((t) => `(select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) from ${t} x) as "${t}"`),
    ...counted.map((t) => `(select count(*)::int from ${t}) as "${t}"`),
    `(select count(*)::int from sessions where revoked_at is not null) as revoked_sessions`,
    `(select md5(coalesce(string_agg(p.username || coalesce(p.phone_number, ''), ',' order by p.id), '')) from profiles p) as profiles`,
    `(select md5(coalesce(string_agg(u.language, ',' order by u.id), '')) from users u) as languages`,
  ];
  const result = await world.server.ctx.db.execute(sql.raw(`select ${columns.join(", ")}`));
  return JSON.stringify((result as { rows: unknown[] }).rows[0]);
}
