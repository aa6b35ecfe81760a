import { msg } from "../i18n/languages.js";
import { z } from "zod";
import { coinAmountSchema, coinSymbolSchema } from "./coins.js";
import { twoFactorCodeSchema } from "./security.js";
import { LEDGER_ACCOUNT_KINDS, normalizeTxHash, TRANSFER_KINDS, TX_HASH_PATTERN, WALLET_REQUEST_STATUSES } from "../wallet/constants.js";

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
};
export const pageSchema = z.object({ page: z.number().int(), page_size: z.number().int(), total: z.number().int() });

export const walletBalanceSchema = z.object({
  coin: z.string(),
  name: z.string(),
  available: z.string(),
  in_escrow: z.string(),
  withdrawing: z.string(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;
export const walletResponse = z.object({ balances: z.array(walletBalanceSchema) });

export const walletEntriesQuery = z.strictObject({ coin: coinSymbolSchema.optional(), ...pageQuery });
export const walletEntrySchema = z.object({
  id: z.number().int(),
  coin: z.string(),
  account: z.enum(LEDGER_ACCOUNT_KINDS),
  /** Signed: positive into the account, negative out of it. */
  amount: z.string(),
  balance_after: z.string(),
  transfer: z.enum(TRANSFER_KINDS),
  order_id: z.string().nullable(),
  deposit_id: z.string().nullable(),
  withdrawal_id: z.string().nullable(),
  created_at: z.string(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;
export const walletEntriesResponse = pageSchema.extend({ entries: z.array(walletEntrySchema) });

/** Any spelling of one transfer ("0xAB…", "ab…") comes out as the same normalized hash. */
const txHashSchema = z
  .string({ error: msg("Enter the transaction hash") })
  .trim()
  .regex(TX_HASH_PATTERN, msg("Enter the transaction hash: 64 characters, digits and letters a to f, with or without 0x"))
  .transform(normalizeTxHash);

/**
 * A deposit filed by hand, on a manual network only (EVM deposits are found on chain). The sender's
 * address is checked against the network's address format by the server, which knows the network.
 */
export const createDepositRequest = z.strictObject({
  coin: coinSymbolSchema,
  /** The manual network it was sent on ("TRC20"). */
  network: z
    .string({ error: msg("Choose a network") })
    .trim()
    .min(1, msg("Choose a network"))
    .max(40),
  amount: coinAmountSchema,
  tx_hash: txHashSchema,
  /** The address the coins were sent from, so an admin can match the transfer. */
  sender_address: z
    .string({ error: msg("Enter the address you sent from") })
    .trim()
    .min(1, msg("Enter the address you sent from"))
    .max(128, msg("The address is too long")),
});
export type CreateDepositRequest = z.input<typeof createDepositRequest>;

export const createWithdrawalRequest = z.strictObject({
  coin: coinSymbolSchema,
  /** The network to send on ("BEP20"); the address must be one of this network's. */
  network: z
    .string({ error: msg("Choose a network") })
    .trim()
    .min(1, msg("Choose a network"))
    .max(40),
  amount: coinAmountSchema,
  address: z
    .string({ error: msg("Enter the destination address") })
    .trim()
    .min(10, msg("Enter the full destination address"))
    .max(128, msg("The address is too long"))
    .regex(/^[A-Za-z0-9:_.-]+$/, msg("The address may contain only letters, digits and : _ . -")),
  /** Required when the account has two-factor on (DESIGN §6). */
  two_factor_code: twoFactorCodeSchema.optional(),
});
export type CreateWithdrawalRequest = z.input<typeof createWithdrawalRequest>;

export const depositSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  coin: z.string(),
  /** The network's code ("BEP20"). */
  network: z.string(),
  amount: z.string(),
  tx_hash: z.string(),
  log_index: z.number().int(),
  /** manual: filed by the user, approved by an admin; chain: found by the chain watcher. */
  source: z.enum(["manual", "chain"]),
  status: z.enum(WALLET_REQUEST_STATUSES.deposit),
  /** Chain deposits: confirmations seen so far and how many the network needs ("Confirming 1 of 3"). */
  confirmations: z.number().int(),
  confirmations_required: z.number().int().nullable(),
  /** Manual networks: the address the user sent from and the memo they were shown. */
  sender_address: z.string().nullable(),
  memo: z.string().nullable(),
  /** Chain deposits: the user's deposit address it was sent to. */
  to_address: z.string().nullable(),
  /** The network explorer's page for the hash, when the network has one. */
  explorer_url: z.string().nullable(),
  /** Credited, then its block left the chain: an admin must look; never reversed by itself. */
  reorged: z.boolean(),
  /** Another live deposit claimed this hash before hashes were normalized: an admin must decide; it cannot be confirmed. */
  duplicate_hash: z.boolean(),
  reject_reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const withdrawalSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  coin: z.string(),
  /** The network's code ("BEP20"). */
  network: z.string(),
  /** What leaves the balance; the address receives amount − network_fee. */
  amount: z.string(),
  network_fee: z.string(),
  receive_amount: z.string(),
  address: z.string(),
  status: z.enum(WALLET_REQUEST_STATUSES.withdrawal),
  /** The payout batch it was handed to the signer in. */
  batch_id: z.string().nullable(),
  tx_hash: z.string().nullable(),
  /** Why the watcher refused the last hash filed for it. */
  hash_problem: z.string().nullable(),
  explorer_url: z.string().nullable(),
  reject_reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const depositListResponse = pageSchema.extend({ deposits: z.array(depositSchema) });
/** What an admin reviewing a deposit sees besides the user's view: how many other deposits filed the same hash (any status). */
export const adminDepositSchema = depositSchema.extend({ hash_claims: z.number().int() });
export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export const adminDepositListResponse = pageSchema.extend({ deposits: z.array(adminDepositSchema) });
export const withdrawalListResponse = pageSchema.extend({ withdrawals: z.array(withdrawalSchema) });
/**
 * What an admin reviewing a withdrawal sees besides the user's view: how many approvals it needs
 * before it is marked sent (2 above the coin's two-admin amount, else 0) and who gave them.
 */
export const adminWithdrawalSchema = withdrawalSchema.extend({ approvals_required: z.number().int(), approved_by: z.array(z.string()) });
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalListResponse = pageSchema.extend({ withdrawals: z.array(adminWithdrawalSchema) });

export const listDepositsQuery = z.strictObject({ status: z.enum(WALLET_REQUEST_STATUSES.deposit).optional(), ...pageQuery });
export const listWithdrawalsQuery = z.strictObject({ status: z.enum(WALLET_REQUEST_STATUSES.withdrawal).optional(), ...pageQuery });

export const rejectRequest = z.strictObject({
  reason: z
    .string({ error: msg("Give a reason") })
    .trim()
    .min(1, msg("Give a reason"))
    .max(500),
});
export const markWithdrawalSentRequest = z.strictObject({ tx_hash: txHashSchema });

/** Approved withdrawals of one network handed to the external signer together. */
export const createPayoutBatchRequest = z.strictObject({
  coin: coinSymbolSchema,
  network: z
    .string({ error: msg("Choose a network") })
    .trim()
    .min(1, msg("Choose a network"))
    .max(40),
});
export const payoutBatchSchema = z.object({
  id: z.string(),
  coin: z.string(),
  network: z.string(),
  created_by: z.string(),
  item_count: z.number().int(),
  /** What the signer sends in all: the sum of the items' amounts (each withdrawal's receive_amount). */
  total: z.string(),
  /** Items still waiting for their hash (approved, not yet verifying or sent). */
  unpaid: z.number().int(),
  created_at: z.string(),
});
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;
/** One payment for the signer: exactly what to send where, nothing else. */
export const payoutItemSchema = z.object({
  withdrawal_id: z.string(),
  network: z.string(),
  address: z.string(),
  /** The withdrawal's receive_amount (its amount less the network fee). */
  amount: z.string(),
  status: z.enum(WALLET_REQUEST_STATUSES.withdrawal),
  tx_hash: z.string().nullable(),
});
export type PayoutItem = z.infer<typeof payoutItemSchema>;
export const payoutBatchResponse = z.object({ batch: payoutBatchSchema, items: z.array(payoutItemSchema) });
export const payoutBatchListResponse = z.object({ batches: z.array(payoutBatchSchema) });
export const payoutBatchDownloadQuery = z.strictObject({ format: z.enum(["json", "csv"]).default("json") });
