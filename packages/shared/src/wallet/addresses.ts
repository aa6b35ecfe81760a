import { keccak_256 } from "@noble/hashes/sha3.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import type { AddressFormat } from "./constants.js";

const utf8 = new TextEncoder();
/** Base58 with the last 4 bytes the first 4 of sha256(sha256) of the rest (Bitcoin's, TRON's). */
const base58check = createBase58check(sha256);
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** EIP-55: each hex letter is upper case where the keccak hash of the lower-case address has a nibble ≥ 8. */
export function toChecksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, "");
  const hash = hex(keccak_256(utf8.encode(lower)));
  let out = "0x";
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

/** 0x and 40 hex digits; one case throughout, or mixed case that is a valid EIP-55 checksum (a typo in it is caught). */
export function isEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

/** TRON: base58check of 21 bytes starting 0x41 ("T…", 34 characters), the checksum the first 4 bytes of sha256(sha256). */
export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  try {
    const body = base58check.decode(address);
    return body.length === 21 && body[0] === 0x41;
  } catch {
    return false; // not base58, or a wrong checksum
  }
}

/** The TRON address ("T…") of a 20-byte account id: base58check of 0x41 and the id. */
export function tronAddress(account: Uint8Array): string {
  const body = new Uint8Array(21);
  body[0] = 0x41;
  body.set(account.subarray(0, 20), 1);
  return base58check.encode(body);
}

/** Any other network's address: 10 to 128 letters, digits and : _ . - (what the old single rule allowed). */
export function isPlainAddress(address: string): boolean {
  return /^[A-Za-z0-9:_.-]{10,128}$/.test(address);
}

/** Whether `address` is well formed for a network of this address format. */
export function isValidAddress(format: AddressFormat, address: string): boolean {
  switch (format) {
    case "evm":
      return isEvmAddress(address);
    case "tron":
      return isTronAddress(address);
    case "plain":
      return isPlainAddress(address);
  }
}
