import { randomBytes } from "node:crypto";

/** A well-formed TRON address nobody holds a key to (the server's demo sender address). */
export const DEMO_TRON_SENDER = "TPkCgGC5mN8bxHGnBfx9PrxJV9AjZe429M";

/** The body of a USDT deposit filed by hand on TRC20, USDT's manual network. */
export function usdtDeposit(amount: string, txHash = `0x${randomBytes(32).toString("hex")}`) {
  return { coin: "USDT", network: "TRC20", amount, tx_hash: txHash, sender_address: DEMO_TRON_SENDER };
}
