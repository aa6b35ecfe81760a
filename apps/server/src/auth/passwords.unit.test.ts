import { describe, expect, it } from "vitest";
import { PASSWORD_MIN } from "@p2p/shared";
import { commonPasswordCount, hashPassword, isCommonPassword, verifyPassword } from "./passwords.js";

describe("the common-password list", () => {
  it("ships about a thousand entries, none shorter than the minimum length", () => {
    expect(commonPasswordCount()).toBeGreaterThan(900);
    expect(isCommonPassword("a".repeat(PASSWORD_MIN - 1))).toBe(false);
  });

  it("matches whatever the letter case and surrounding spaces", () => {
    for (const p of ["password", "PASSWORD1", "Qwerty123", " iloveyou ", "1q2w3e4r", "nigeria123"]) {
      expect(isCommonPassword(p)).toBe(true);
    }
  });

  it("lets uncommon passphrases through", () => {
    expect(isCommonPassword("Correct-Horse-Battery-9")).toBe(false);
    expect(isCommonPassword("Demo-Admin-2026!")).toBe(false);
  });
});

describe("password hashing", () => {
  it("uses argon2id with 19 MiB, t=2, p=1 and verifies only the right password", async () => {
    const hash = await hashPassword("Correct-Horse-Battery-9");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, "Correct-Horse-Battery-9")).toBe(true);
    expect(await verifyPassword(hash, "correct-horse-battery-9")).toBe(false);
  });

  it("fails, without throwing, for a missing or malformed stored hash", async () => {
    expect(await verifyPassword(null, "anything")).toBe(false);
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  });
});
