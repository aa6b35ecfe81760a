import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MESSAGES, placeholderUsername } from "@p2p/shared";
import { profiles } from "../db/schema.js";
import { insertAccount } from "../auth/create-account.js";
import { issueSession } from "../auth/issue-session.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestClient } from "../../test/client.js";
import { newSignUp, signedInClient } from "../../test/accounts.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const profileOf = async (id: string) => (await server.ctx.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

/** A Google-style account: placeholder username, no phone, signed in with a Bearer token. */
async function incompleteAccount() {
  const id = crypto.randomUUID();
  await insertAccount(server.ctx.db, {
    id,
    email: `g.${id.slice(0, 8)}@example.test`,
    fullName: "Google Person",
    passwordHash: null,
    username: placeholderUsername(id),
    phoneNumber: null,
    emailConfirmed: true,
  });
  const tokens = await issueSession(server.ctx.db, id, "native", server.ctx.config.sessionSecret);
  const patch = (body: unknown) =>
    fetch(`${server.url}/api/profile`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${tokens.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  return { id, patch, tokens };
}

describe("PATCH /api/profile", () => {
  it("completes a placeholder profile and answers the updated Me", async () => {
    const account = await incompleteAccount();
    const wanted = newSignUp();
    const res = await account.patch({ username: wanted.username, phone_number: wanted.phone_number });
    expect(res.status).toBe(200);
    const { user } = await res.json();
    expect(user).toMatchObject({ id: account.id, username: wanted.username, phone_number: wanted.phone_number, needs_profile: false });
    expect(await profileOf(account.id)).toMatchObject({ username: wanted.username, phoneNumber: wanted.phone_number });
  });

  it("lets a signed-in web user change their own username's letter case and keep their phone", async () => {
    const { client, input, userId } = await signedInClient(server);
    const res = await client.patch("/api/profile", { username: input.username.toUpperCase(), phone_number: input.phone_number });
    expect(res.status).toBe(200);
    expect((await profileOf(userId)).username).toBe(input.username.toUpperCase());
  });

  it("refuses a signed-out caller with 401", async () => {
    const res = await new TestClient(server.url).patch("/api/profile", { username: "someone_new", phone_number: "+2348012345678" });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("UNAUTHENTICATED");
  });

  describe("refuses values another user holds, with the spec's profile texts, and changes nothing", () => {
    it.each([
      ["username (any letter case)", "username", "USERNAME_TAKEN", MESSAGES.usernameTakenProfile],
      ["phone number", "phone", "PHONE_TAKEN", MESSAGES.phoneTakenProfile],
    ] as const)("%s", async (_name, which, code, message) => {
      const other = await signedInClient(server);
      const account = await incompleteAccount();
      const before = await profileOf(account.id);
      const fresh = newSignUp();
      const body =
        which === "username"
          ? { username: other.input.username.toUpperCase(), phone_number: fresh.phone_number }
          : { username: fresh.username, phone_number: other.input.phone_number };
      const res = await account.patch(body);
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toMatchObject({ code, message });
      expect(await profileOf(account.id)).toEqual(before);
    });
  });

  describe("refuses bad input with a 400 and changes nothing", () => {
    it.each([
      ["a 4-character username", { username: "abcd", phone_number: "+2348012340000" }, MESSAGES.usernameTooShort],
      ["a malformed phone", { username: "valid_name", phone_number: "0800-CALL-ME" }, "Enter a valid phone number"],
      ["a missing phone", { username: "valid_name" }, /phone_number/],
      [
        "someone else's id in the body",
        { id: "00000000-0000-4000-8000-000000000000", username: "valid_name", phone_number: "+2348012340000" },
        /Unknown field: id/,
      ],
      ["a reputation score", { username: "valid_name", phone_number: "+2348012340000", reputation_score: "5.00" }, /Unknown field/],
    ])("%s", async (_name, body, message) => {
      const account = await incompleteAccount();
      const before = await profileOf(account.id);
      const res = await account.patch(body);
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.message).toMatch(message);
      expect(await profileOf(account.id)).toEqual(before);
    });
  });

  it("changes only the caller's own profile", async () => {
    const me = await incompleteAccount();
    const other = await signedInClient(server);
    const before = await profileOf(other.userId);
    const wanted = newSignUp();
    expect((await me.patch({ username: wanted.username, phone_number: wanted.phone_number })).status).toBe(200);
    expect(await profileOf(other.userId)).toEqual(before);
  });

  it("lets only one of two racing requests take a username", async () => {
    const a = await incompleteAccount();
    const b = await incompleteAccount();
    const username = newSignUp().username;
    const [ra, rb] = await Promise.all([
      a.patch({ username, phone_number: newSignUp().phone_number }),
      b.patch({ username, phone_number: newSignUp().phone_number }),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const loser = ra.status === 409 ? ra : rb;
    expect(await errorOf(loser)).toMatchObject({ code: "USERNAME_TAKEN", message: MESSAGES.usernameTakenProfile });
    expect(await server.ctx.db.select().from(profiles).where(eq(profiles.username, username))).toHaveLength(1);
  });
});
