import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { MESSAGES } from "@p2p/shared";
import { auditLog, profiles } from "../db/schema.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestClient } from "../../test/client.js";
import { newSignUp, rowCounts, signedInClient, signUpConfirmed } from "../../test/accounts.js";
import { createSignedInUser } from "../../test/fixtures.js";
import { insertAccount } from "./create-account.js";

let server: TestServer;
let client: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.url);
});
afterAll(() => server.stop());

/** A Nigerian mobile number no test has used: its local form ("0803…") and E.164 ("+234803…"). */
function freshNumber() {
  const subscriber = String(randomInt(1e6, 1e7));
  return { local: `0803${subscriber}`, e164: `+234803${subscriber}` };
}
const phoneOf = async (userId: string) => (await server.ctx.db.select().from(profiles).where(eq(profiles.id, userId)))[0]!.phoneNumber;
const checkPhone = async (typed: string) => {
  const res = await client.get(`/api/auth/check-phone?phone_number=${encodeURIComponent(typed)}`);
  return { status: res.status, body: await res.json() };
};

describe("phone numbers are one value however they are typed", () => {
  it("the live check says 08030000004 is taken when +2348030000004 is, in every way of writing it", async () => {
    const number = freshNumber();
    await signUpConfirmed(server, { phone_number: number.e164 });
    const rest = number.local.slice(4);
    for (const typed of [
      number.local,
      number.e164,
      number.e164.slice(1),
      `0803 ${rest.slice(0, 3)} ${rest.slice(3)}`,
      `(0803) ${rest.slice(0, 3)}-${rest.slice(3)}`,
      `+234 803 ${rest}`,
    ]) {
      expect(await checkPhone(typed), typed).toEqual({ status: 200, body: { available: false } });
    }
    expect((await checkPhone(freshNumber().local)).body).toEqual({ available: true });
  });

  it("sign-up stores the local form in E.164, and the same number typed another way is refused with the spec's text, writing nothing", async () => {
    const number = freshNumber();
    const first = await signUpConfirmed(server, { phone_number: ` ${number.local} ` });
    expect(await phoneOf(first.userId)).toBe(number.e164);

    const before = await rowCounts(server);
    const res = await client.post("/api/auth/sign-up", newSignUp({ phone_number: number.e164.replace("+234", "+234 ") }));
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({
      code: "PHONE_TAKEN",
      message: MESSAGES.phoneTakenSignUp,
      fields: { phone_number: MESSAGES.phoneTakenSignUp },
    });
    expect(await rowCounts(server)).toEqual(before);
  });

  it("complete-profile takes the international form, stores E.164, and refuses another account's number typed locally", async () => {
    const owner = await signedInClient(server);
    const number = freshNumber();
    const saved = await owner.client.patch("/api/profile", { username: owner.input.username, phone_number: `+234 ${number.e164.slice(4)}` });
    expect(saved.status).toBe(200);
    expect((await saved.json()).user.phone_number).toBe(number.e164);
    expect(await phoneOf(owner.userId)).toBe(number.e164);

    // Its owner's live check says their own number, typed locally, is theirs to keep; anyone else's says taken.
    const ownCheck = await owner.client.get(`/api/auth/check-phone?phone_number=${number.local}`);
    expect(await ownCheck.json()).toEqual({ available: true });

    const other = await signedInClient(server);
    expect(await (await other.client.get(`/api/auth/check-phone?phone_number=${number.local}`)).json()).toEqual({ available: false });
    const theirs = await phoneOf(other.userId);
    const res = await other.client.patch("/api/profile", { username: other.input.username, phone_number: number.local });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({ code: "PHONE_TAKEN", message: MESSAGES.phoneTakenProfile });
    expect(await phoneOf(other.userId)).toBe(theirs);
  });

  it("a number of impossible length for Nigeria is a 400 on the phone field, writing nothing", async () => {
    expect(await checkPhone("0803123")).toMatchObject({
      status: 400,
      body: { error: { code: "VALIDATION_FAILED", fields: { phone_number: "Enter a valid phone number" } } },
    });
    const before = await rowCounts(server);
    const res = await client.post("/api/auth/sign-up", newSignUp({ phone_number: "0803123" }));
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ phone_number: "Enter a valid phone number" });
    expect(await rowCounts(server)).toEqual(before);
  });
});

describe("admins", () => {
  it("find an account by its phone number typed the local way", async () => {
    const number = freshNumber();
    const account = await signUpConfirmed(server, { phone_number: number.e164 });
    const admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
    const search = async (q: string) => {
      const res = await fetch(`${server.url}/api/admin/users?q=${encodeURIComponent(q)}`, { headers: { authorization: `Bearer ${admin.token}` } });
      return ((await res.json()).users as { id: string }[]).map((u) => u.id);
    };
    expect(await search(`${number.local.slice(0, 4)} ${number.local.slice(4)}`)).toEqual([account.userId]);
    expect(await search(number.e164.slice(4))).toEqual([account.userId]);
  });
});

describe("merchant applications", () => {
  it("store the contact phone in E.164 too, and refuse one of impossible length on its field", async () => {
    const applicant = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret);
    const apply = (contact_phone: string) =>
      fetch(`${server.url}/api/merchant-application`, {
        method: "POST",
        headers: { authorization: `Bearer ${applicant.token}`, "content-type": "application/json" },
        body: JSON.stringify({
          business_name: "Ada Coins Ltd",
          contact_name: "Ada Obi",
          contact_phone,
          contact_email: "ada@example.test",
          coins: ["PI"],
          bank_name: "GTBank",
          account_number: "0123456789",
          account_name: "Ada Coins Ltd",
          accept_agreement: true,
          id_document: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
        }),
      }).then(async (res) => ({ status: res.status, body: await res.json() }));
    const refused = await apply("0803123");
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { code: "VALIDATION_FAILED", fields: { contact_phone: "Enter a valid phone number" } } },
    });
    const number = freshNumber();
    const sent = await apply(`(${number.local.slice(0, 4)}) ${number.local.slice(4)}`);
    expect(sent.status).toBe(201);
    expect(sent.body.application.contact_phone).toBe(number.e164);
  });
});

describe("migration 0016: stored numbers normalized", () => {
  /** The migration's SQL run again over rows stored as typed (it already ran when the database was made). */
  const runMigration = () => {
    const migration = readFileSync(new URL("../../drizzle/0016_normalize-phone-numbers.sql", import.meta.url), "utf8");
    // eslint-disable-next-line no-restricted-syntax -- the migration's SQL re-run by hand, as drizzle's migrator runs it: no app transaction
    return server.ctx.db.transaction(async (tx) => {
      for (const statement of migration.split("--> statement-breakpoint")) await tx.execute(sql.raw(statement));
    });
  };
  async function accountTyping(phoneNumber: string, username: string) {
    const id = crypto.randomUUID();
    await insertAccount(server.ctx.db, {
      id,
      email: `${username}@example.test`,
      fullName: "Old Account",
      passwordHash: null,
      username,
      phoneNumber,
      emailConfirmed: true,
    });
    return id;
  }

  it("stores every number in E.164, keeps each account of a shared number with its data, and reports each group to admins", async () => {
    const shared = freshNumber();
    const alone = freshNumber();
    const tag = String(randomInt(1e5, 1e6));
    const oldest = await accountTyping(shared.local, `first_${tag}`);
    const spaced = await accountTyping(`${shared.e164.slice(0, 7)} ${shared.e164.slice(7)}`, `second_${tag}`);
    const single = await accountTyping(alone.local.replace(/^0803/, "0803-"), `single_${tag}`);
    const foreign = await accountTyping("+44 7911 123456", `foreign_${tag}`);

    await runMigration();

    expect(await phoneOf(oldest)).toBe(shared.e164);
    // The other holder keeps the number as typed; no account is removed.
    expect(await phoneOf(spaced)).toBe(`${shared.e164.slice(0, 7)} ${shared.e164.slice(7)}`);
    expect(await phoneOf(single)).toBe(alone.e164);
    expect(await phoneOf(foreign)).toBe("+447911123456");
    expect((await checkPhone(shared.local)).body).toEqual({ available: false });

    const reports = await server.ctx.db.select().from(auditLog).where(eq(auditLog.action, "user.phone_number_shared"));
    const report = reports.find((r) => (r.data as { phone_number: string }).phone_number === shared.e164);
    expect(report).toMatchObject({
      actorId: null,
      targetType: "user",
      targetId: oldest,
      data: {
        phone_number: shared.e164,
        kept_by: `first_${tag}`,
        accounts: `first_${tag} (${shared.local}), second_${tag} (${shared.e164.slice(0, 7)} ${shared.e164.slice(7)})`,
        user_ids: `${oldest}, ${spaced}`,
      },
    });
    expect(reports.filter((r) => (r.data as { user_ids: string }).user_ids.includes(single))).toEqual([]);

    // Admins see it in the audit log, filtered by its action.
    const admin = await createSignedInUser(server.ctx.db, server.ctx.config.sessionSecret, { role: "admin" });
    const listed = await fetch(`${server.url}/api/admin/audit-log?action=user.phone_number_shared`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(listed.status).toBe(200);
    const entries = (await listed.json()).entries as { target_id: string }[];
    expect(entries.map((e) => e.target_id)).toContain(oldest);
    expect(await server.ctx.db.$count(profiles, inArray(profiles.id, [oldest, spaced, single, foreign]))).toBe(4);
  });
});
