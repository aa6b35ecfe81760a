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

export const WALLET_REQUEST_STATUSES = {
  deposit: ["pending", "confirmed", "rejected"],
  withdrawal: ["pending", "sent", "rejected", "cancelled"],
} as const;
