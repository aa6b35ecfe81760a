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

/**
 * Deposits: pending (filed on a manual network, waiting for an admin), confirming (seen on chain,
 * under the network's confirmations), confirmed (credited), rejected, dropped (its block left the
 * chain before crediting). Withdrawals: pending (waiting for approval), approved (ready for a
 * payout batch), verifying (hash filed, the watcher checks it), sent (final), rejected, cancelled.
 */
export const WALLET_REQUEST_STATUSES = {
  deposit: ["pending", "confirming", "confirmed", "rejected", "dropped"],
  withdrawal: ["pending", "approved", "verifying", "sent", "rejected", "cancelled"],
} as const;

export const NETWORK_KINDS = ["evm", "manual"] as const;
export type NetworkKind = (typeof NETWORK_KINDS)[number];
/** How a withdrawal address is checked: EVM (checksummed when mixed case), TRON base58check, or plain. */
export const ADDRESS_FORMATS = ["evm", "tron", "plain"] as const;
export type AddressFormat = (typeof ADDRESS_FORMATS)[number];

/** The explorer page for a hash from a network's template: {hash} is the stored hash (0x…), {hex} the same without 0x. */
export function explorerTxUrl(template: string | null, hash: string): string | null {
  if (!template) return null;
  return template.replaceAll("{hash}", hash).replaceAll("{hex}", hash.replace(/^0x/, ""));
}
