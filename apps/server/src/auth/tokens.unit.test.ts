import { describe, expect, it } from "vitest";
import { signAccessToken, verifyAccessToken } from "./tokens.js";

const SECRET = "a".repeat(64);
const claims = (exp: number) => ({ sid: "6f1c1b9e-0000-4000-8000-000000000001", uid: "6f1c1b9e-0000-4000-8000-000000000002", exp });

/** A verified token is remembered by its text (tokens.ts), which must never let a token through that the HMAC would refuse. */
describe("access tokens, verified once and remembered", () => {
  it("answer a remembered token with its claims while it lasts, and as expired after", () => {
    const token = signAccessToken(claims(2_000), SECRET);
    expect(verifyAccessToken(token, SECRET, 1_000)).toEqual({ ok: true, claims: claims(2_000) });
    expect(verifyAccessToken(token, SECRET, 1_999)).toEqual({ ok: true, claims: claims(2_000) });
    expect(verifyAccessToken(token, SECRET, 2_000)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuse a remembered token under another secret", () => {
    const token = signAccessToken(claims(2_000), SECRET);
    expect(verifyAccessToken(token, SECRET, 1_000).ok).toBe(true);
    expect(verifyAccessToken(token, "b".repeat(64), 1_000)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuse a copy with another signature or other claims, however close to a remembered one", () => {
    const token = signAccessToken(claims(2_000), SECRET);
    expect(verifyAccessToken(token, SECRET, 1_000).ok).toBe(true);
    const [body, signature] = token.split(".") as [string, string];
    const flipped = signature.at(-2) === "A" ? "B" : "A";
    expect(verifyAccessToken(`${body}.${signature.slice(0, -2)}${flipped}${signature.at(-1)}`, SECRET, 1_000)).toEqual({
      ok: false,
      reason: "invalid",
    });
    const longer = Buffer.from(JSON.stringify(claims(9_999))).toString("base64url");
    expect(verifyAccessToken(`${longer}.${signature}`, SECRET, 1_000)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyAccessToken(`${token}.x`, SECRET, 1_000)).toEqual({ ok: false, reason: "invalid" });
  });
});
