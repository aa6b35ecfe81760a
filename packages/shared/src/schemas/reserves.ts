import { z } from "zod";
import { NETWORK_KINDS } from "../wallet/constants.js";
import { coinSymbolSchema } from "./coins.js";

/** A reading older than this is shown as stale on the Reserves section. */
export const RESERVE_STALE_AFTER_MS = 60 * 60 * 1000;

/** One network of a coin on the admins' Reserves section: what its deposit addresses hold on chain. */
export const reserveNetworkSchema = z.object({
  network: z.string(),
  name: z.string(),
  kind: z.enum(NETWORK_KINDS),
  /** An EVM network whose chain has a JSON-RPC URL here (CHAIN_RPC_URLS): its balances are read. */
  watched: z.boolean(),
  address_count: z.number().int(),
  /** The deposit addresses' total on chain, in the coin; null until first read. */
  onchain_balance: z.string().nullable(),
  balance_read_at: z.string().nullable(),
  /** Watched, and never read or read more than an hour ago. */
  stale: z.boolean(),
});
export type ReserveNetwork = z.infer<typeof reserveNetworkSchema>;

/** One coin: what the ledger owes users beside what the watched deposit addresses hold. */
export const reserveCoinSchema = z.object({
  coin: z.string(),
  available: z.string(),
  escrow: z.string(),
  withdrawing: z.string(),
  /** available + escrow + withdrawing. */
  owed: z.string(),
  /** The sum of the networks' readings. */
  onchain: z.string(),
  /** owed − onchain when the chain holds less, else zero; null when no network of the coin is watched (nothing to compare). */
  shortfall: z.string().nullable(),
  /** Some network is not watched (manual, or no RPC here): the on-chain total leaves it out. */
  partial: z.boolean(),
  networks: z.array(reserveNetworkSchema),
});
export type ReserveCoin = z.infer<typeof reserveCoinSchema>;
export const reservesResponse = z.object({ coins: z.array(reserveCoinSchema) });
export type Reserves = z.infer<typeof reservesResponse>;

/** "Read balances now": each watched network's outcome, then the section as it now reads. */
export const readReservesResponse = reservesResponse.extend({
  reads: z.array(z.object({ coin: z.string(), network: z.string(), error: z.string().nullable() })),
});

/** A published Merkle-sum root of one coin's user balances (proof of liabilities). */
export const liabilityRootSchema = z.object({
  snapshot_id: z.string(),
  coin: z.string(),
  root_hash: z.string(),
  total: z.string(),
  leaf_count: z.number().int(),
  created_at: z.string(),
});
export type LiabilityRoot = z.infer<typeof liabilityRootSchema>;
export const liabilityRootsResponse = z.object({ roots: z.array(liabilityRootSchema) });

/** Build snapshots now: one coin, or every listed coin. */
export const buildLiabilitiesRequest = z.strictObject({ coin: coinSymbolSchema.optional() });

export const liabilityProofQuery = z.strictObject({ coin: coinSymbolSchema });

/** The caller's leaf in the latest snapshot and the siblings up to its root (merkle-sum.ts verifies it). */
export const liabilityProofSchema = liabilityRootSchema.extend({
  user_id: z.string(),
  balance: z.string(),
  salt: z.string(),
  index: z.number().int(),
  path: z.array(z.object({ hash: z.string(), sum: z.string() })),
});
export type LiabilityProofAnswer = z.infer<typeof liabilityProofSchema>;
export const liabilityProofResponse = z.object({ proof: liabilityProofSchema });
