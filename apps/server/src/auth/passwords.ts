import { AUTH_MESSAGES } from "@p2p/shared";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { hash, verify, type Algorithm, type Options } from "@node-rs/argon2";
import { serverRoot } from "../paths.js";

/** argon2id, 19 MiB, t=2, p=1: the OWASP baseline (DESIGN §6). */
const ARGON2_OPTIONS: Options = {
  algorithm: 2 as Algorithm, // Argon2id; the enum is ambient-const and cannot be read under isolatedModules.
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export const PASSWORD_TOO_COMMON_MESSAGE = AUTH_MESSAGES.passwordTooCommon;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Verifies against a stored hash; with no hash (unknown email, Google-only account) spends the same time and fails. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await dummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString("hex"));
  return dummy;
}

const commonPasswords: ReadonlySet<string> = new Set(
  readFileSync(join(serverRoot, "src/auth/common-passwords.txt"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#")),
);

/** True for passwords on the shipped list of the most common ones, whatever their letter case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.trim().toLowerCase());
}

export function commonPasswordCount(): number {
  return commonPasswords.size;
}
