/*
 * The wallet's account and transfer kinds and request statuses, apart from the schemas in
 * schemas/wallet.ts, so that a screen needing only these does not load zod and build the schemas
 * (importing a schema module builds all of them).
 */

/** Withdrawals pause this long after a password change or reset (DESIGN §6). */
export const WITHDRAWAL_LOCK_HOURS = 24;

export const LEDGER_ACCOUNT_KINDS = ["available", "escrow", "withdrawing", "custody"] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];
export const TRANSFER_KINDS = [
  "deposit",
  "withdrawal_request",
  "withdrawal_cancel",
  "withdrawal_reject",
  "withdrawal_sent",
  "escrow_lock",
  "escrow_release",
  "escrow_refund",
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** A chain transaction hash as typed: 64 hexadecimal digits, with or without `0x`, in any case. */
export const TX_HASH_PATTERN = /^(0x)?[0-9a-f]{64}$/i;

/** The one spelling of a hash the platform stores and compares: `0x` and lower case (DESIGN §2). */
export function normalizeTxHash(hash: string): string {
  return `0x${hash.trim().toLowerCase().replace(/^0x/, "")}`;
}

export const WALLET_REQUEST_STATUSES = {
  deposit: ["pending", "confirmed", "rejected"],
  withdrawal: ["pending", "sent", "rejected", "cancelled"],
} as const;
