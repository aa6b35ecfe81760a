import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  hotp,
  matchingStep,
  newRecoveryCode,
  newTotpSecret,
  openSecret,
  otpauthUri,
  sealSecret,
  totpCode,
} from "./totp.js";

// RFC 6238 Appendix B: T0 = 0, X = 30, 8 digits, the seeds below.
const SEEDS = {
  sha1: Buffer.from("12345678901234567890"),
  sha256: Buffer.from("12345678901234567890123456789012"),
  sha512: Buffer.from("1234567890123456789012345678901234567890123456789012345678901234"),
};
const VECTORS: [number, string, string, string][] = [
  [59, "94287082", "46119246", "90693936"],
  [1111111109, "07081804", "68084774", "25091201"],
  [1111111111, "14050471", "67062674", "99943326"],
  [1234567890, "89005924", "91819424", "93441116"],
  [2000000000, "69279037", "90698825", "38618901"],
  [20000000000, "65353130", "77737706", "47863826"],
];

describe("TOTP (RFC 6238 test vectors)", () => {
  it.each(VECTORS)("at %i s gives the RFC's codes for SHA-1, SHA-256 and SHA-512", (t, sha1, sha256, sha512) => {
    const step = Math.floor(t / 30);
    expect(hotp(SEEDS.sha1, step, 8, "sha1")).toBe(sha1);
    expect(hotp(SEEDS.sha256, step, 8, "sha256")).toBe(sha256);
    expect(hotp(SEEDS.sha512, step, 8, "sha512")).toBe(sha512);
  });

  it("gives the 6-digit SHA-1 code an authenticator shows (the last 6 digits of the 8-digit one)", () => {
    const secret = base32Encode(SEEDS.sha1);
    expect(totpCode(secret, 59_000)).toBe("287082");
    expect(totpCode(secret, 1111111109_000)).toBe("081804");
  });

  it("accepts a code from one step before or after now, and no further", () => {
    const secret = base32Encode(SEEDS.sha1);
    const now = 1_234_567_890_000;
    const step = Math.floor(now / 30_000);
    expect(matchingStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchingStep(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(secret, totpCode(secret, now - 60_000), now)).toBeNull();
    expect(matchingStep(secret, totpCode(secret, now + 60_000), now)).toBeNull();
    expect(matchingStep(secret, "12345", now)).toBeNull();
    expect(matchingStep(secret, "abcdef", now)).toBeNull();
  });
});

describe("base32, secrets and recovery codes", () => {
  it("round-trips base32 (RFC 4648 alphabet, no padding)", () => {
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
    expect(base32Decode("MZXW6YTBOI").toString()).toBe("foobar");
    expect(base32Decode("mzxw 6ytb oi").toString()).toBe("foobar");
  });

  it("makes 160-bit secrets, sealed so that only the same SESSION_SECRET opens them", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const sealed = sealSecret(secret, "s".repeat(40));
    expect(sealed).not.toContain(secret);
    expect(openSecret(sealed, "s".repeat(40))).toBe(secret);
    expect(() => openSecret(sealed, "t".repeat(40))).toThrow();
  });

  it("builds an otpauth:// URI that authenticator apps read", () => {
    const uri = new URL(otpauthUri("JBSWY3DPEHPK3PXP", "ada@example.test"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe("JBSWY3DPEHPK3PXP");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(uri.searchParams.get("algorithm")).toBe("SHA1");
  });

  it("makes distinct 10-character recovery codes", () => {
    const codes = new Set(Array.from({ length: 50 }, newRecoveryCode));
    expect(codes.size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{10}$/);
  });
});
