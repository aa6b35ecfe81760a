import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { PRODUCT_NAME, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "@p2p/shared";

/** RFC 6238 TOTP over RFC 4226 HOTP, with node:crypto only. */

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index === -1) throw new Error("invalid base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** HOTP (RFC 4226): HMAC of the 8-byte counter, dynamically truncated to `digits` digits. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm = "sha1"): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

export function timeStep(nowMs = Date.now()): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code for a base32 secret at a moment (used by tests and by nothing else in production). */
export function totpCode(secretBase32: string, nowMs = Date.now()): string {
  return hotp(base32Decode(secretBase32), timeStep(nowMs));
}

/**
 * The time step the code belongs to, within one step either side of now (clock drift), or null.
 * The caller refuses a step at or below the last one accepted, so a code never works twice.
 */
export function matchingStep(secretBase32: string, code: string, nowMs = Date.now()): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const key = base32Decode(secretBase32);
  const now = timeStep(nowMs);
  const given = Buffer.from(code);
  let found: number | null = null;
  for (const step of [now - 1, now, now + 1]) {
    // Every candidate is compared, in constant time, so timing shows nothing of which matched.
    if (timingSafeEqual(Buffer.from(hotp(key, step)), given) && found === null) found = step;
  }
  return found;
}

export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export function otpauthUri(secretBase32: string, account: string): string {
  const label = encodeURIComponent(`${PRODUCT_NAME}:${account}`);
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer: PRODUCT_NAME,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/** The secret at rest: AES-256-GCM under a key derived from SESSION_SECRET for this one purpose. */
function sealKey(sessionSecret: string): Buffer {
  return createHash("sha256").update(`totp-secret:${sessionSecret}`).digest();
}

export function sealSecret(secretBase32: string, sessionSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(sessionSecret), iv);
  const body = Buffer.concat([cipher.update(secretBase32, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

/** The sealed secret, or null when it no longer opens (SESSION_SECRET changed): recovery codes still work. */
export function tryOpenSecret(sealed: string, sessionSecret: string): string | null {
  try {
    return openSecret(sealed, sessionSecret);
  } catch {
    return null;
  }
}

export function openSecret(sealed: string, sessionSecret: string): string {
  const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", sealKey(sessionSecret), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString("utf8");
}

/** Ten characters of base32 (50 bits), shown as "abcde-fghij". */
export function newRecoveryCode(): string {
  return base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
}

export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
