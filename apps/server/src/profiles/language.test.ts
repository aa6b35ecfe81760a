import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../db/schema.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestClient } from "../../test/client.js";
import { newSignUp, signedInClient } from "../../test/accounts.js";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const languageOf = async (email: string) =>
  (await server.ctx.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]!.language;

describe("PUT /api/profile/language", () => {
  it("stores the language, answers it, and the session's user carries it from then on", async () => {
    const { client, input, me } = await signedInClient(server);
    expect(me.language).toBe("en");

    const res = await client.put("/api/profile/language", { language: "yo" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ language: "yo" });
    expect(await languageOf(input.email)).toBe("yo");
    expect((await (await client.get("/api/auth/session")).json()).user.language).toBe("yo");

    const again = await client.post("/api/auth/sign-in", { email: input.email, password: input.password });
    expect((await again.json()).user.language).toBe("yo");
  });

  it("refuses a language outside the twelve, changing nothing", async () => {
    const { client, input } = await signedInClient(server);
    for (const language of ["de", "EN", "", "yo-NG", null]) {
      const res = await client.put("/api/profile/language", { language });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: "VALIDATION_FAILED" });
    }
    expect(await languageOf(input.email)).toBe("en");
  });

  it("is refused when signed out", async () => {
    const res = await new TestClient(server.url).put("/api/profile/language", { language: "fr" });
    expect(res.status).toBe(401);
  });
});

describe("the language a new account starts in", () => {
  const signUpWith = async (headers: Record<string, string>) => {
    const input = newSignUp();
    const res = await new TestClient(server.url).post("/api/auth/sign-up", input, headers);
    expect(res.status).toBe(201);
    return languageOf(input.email);
  };

  it("is the app's language cookie when it names one of ours", async () => {
    expect(await signUpWith({ cookie: "lang=ha", "accept-language": "fr-FR,fr;q=0.9" })).toBe("ha");
  });

  it("is the best match of Accept-Language without a usable cookie", async () => {
    expect(await signUpWith({ cookie: "lang=klingon", "accept-language": "de-DE, yo;q=0.8, fr;q=0.9" })).toBe("fr");
    expect(await signUpWith({ "accept-language": "zh-Hans-CN,zh;q=0.9,en;q=0.5" })).toBe("zh");
    expect(await signUpWith({ "accept-language": "pt-BR;q=0, es;q=0.3" })).toBe("es");
  });

  it("is English when nothing matches", async () => {
    expect(await signUpWith({ "accept-language": "de-DE, ja;q=0.5" })).toBe("en");
    expect(await signUpWith({})).toBe("en");
  });
});
