import { HDKey } from "@scure/bip32";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { publicKeyToAddress } from "viem/accounts";
import { bytesToHex } from "viem";

/**
 * A user's deposit address on an EVM network, derived watch-only: xpub / branch / deposit index
 * (both non-hardened, so no private key is needed, and none exists here). Lower case, as stored
 * and compared; the same inputs always give the same address.
 */
export function deriveDepositAddress(xpub: string, branch: number, depositIndex: number): { address: string; path: string } {
  const child = HDKey.fromExtendedKey(xpub).deriveChild(branch).deriveChild(depositIndex);
  if (!child.publicKey) throw new Error("the extended key has no public key");
  // BIP32 keeps the public key compressed; an Ethereum address hashes the uncompressed one.
  const uncompressed = secp256k1.Point.fromBytes(child.publicKey).toBytes(false);
  return { address: publicKeyToAddress(bytesToHex(uncompressed)).toLowerCase(), path: `${branch}/${depositIndex}` };
}

/** The memo that tells a manual network's deposit is this user's: their deposit index, offset so it never looks like a small amount. */
export function depositMemo(depositIndex: number): string {
  return String(100_000 + depositIndex);
}
