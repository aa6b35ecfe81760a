import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Role } from "@p2p/shared";

/**
 * sid: the session; uid: its user; exp: when the token lapses; rol: the user's role when it was
 * signed, a hint only (a move checks it against the row: session-proof.ts), absent from tokens
 * signed before it existed.
 */
export type AccessClaims = { sid: string; uid: string; exp: number; rol?: Role };

/** A short-lived access token: base64url(JSON claims) + '.' + HMAC-SHA256 of it. */
export function signAccessToken(claims: AccessClaims, secret: string): string {
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${body}.${mac(body, secret)}`;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: "invalid" | "expired" };

/**
 * Tokens whose signature has checked out, by their text: a client sends the same token with every
 * request for its lifetime, and its HMAC need not be computed again (under load that was 2–4% of
 * the server's CPU). Only the exact text of a verified token under the same secret is found here,
 * and its expiry is still checked on every use. Emptied when full.
 */
const verifiedTokens = new Map<string, { secret: string; claims: AccessClaims }>();
const VERIFIED_TOKENS_CAP = 20_000;

export function verifyAccessToken(token: string, secret: string, nowSeconds = Date.now() / 1000): VerifyResult {
  const known = verifiedTokens.get(token);
  if (known && known.secret === secret) return unexpired(known.claims, nowSeconds);
  const checked = checkSignature(token, secret);
  if (!checked.ok) return checked;
  if (verifiedTokens.size >= VERIFIED_TOKENS_CAP) verifiedTokens.clear();
  verifiedTokens.set(token, { secret, claims: checked.claims });
  return unexpired(checked.claims, nowSeconds);
}

function unexpired(claims: AccessClaims, nowSeconds: number): VerifyResult {
  return claims.exp <= nowSeconds ? { ok: false, reason: "expired" } : { ok: true, claims };
}

function checkSignature(token: string, secret: string): VerifyResult {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return { ok: false, reason: "invalid" };
  const expected = Buffer.from(mac(body, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "invalid" };
  let claims: AccessClaims;
  try {
    claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as AccessClaims;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (typeof claims.exp !== "number" || typeof claims.sid !== "string") return { ok: false, reason: "invalid" };
  return { ok: true, claims };
}

/** An opaque random token for refresh, email confirmation, reset and linking. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Tokens are stored only as their SHA-256, so a database leak gives no usable token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function mac(body: string, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("base64url");
}

/**
 * A tamper-proof value for a cookie: base64url(JSON) + '.' + HMAC under a key derived for one
 * purpose, so a value sealed for one use never verifies as another (or as an access token).
 */
export function sealJson(value: unknown, secret: string, purpose: string): string {
  const body = Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${body}.${mac(body, `${purpose}:${secret}`)}`;
}

export function openJson<T>(sealed: string | undefined, secret: string, purpose: string): T | null {
  if (!sealed) return null;
  const [body, signature, extra] = sealed.split(".");
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(body, `${purpose}:${secret}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as T;
  } catch {
    return null;
  }
}
