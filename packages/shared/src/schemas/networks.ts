import { z } from "zod";
import { ADDRESS_FORMATS, NETWORK_KINDS } from "../wallet/constants.js";

/** A network a coin moves on, as traders and admins see it (DESIGN §2). */
export const networkSchema = z.object({
  coin: z.string(),
  /** Short name within the coin: "BEP20", "ERC20", "TRC20", "Core". */
  code: z.string(),
  /** Long name for warnings: "BNB Smart Chain (BEP20)". */
  name: z.string(),
  kind: z.enum(NETWORK_KINDS),
  address_format: z.enum(ADDRESS_FORMATS),
  chain_id: z.number().int().nullable(),
  /** The ERC-20 contract (lower case); null for the chain's native coin or a manual network. */
  token_contract: z.string().nullable(),
  decimals: z.number().int(),
  confirmations: z.number().int(),
  min_deposit: z.string(),
  withdrawal_fee: z.string(),
  deposits_enabled: z.boolean(),
  withdrawals_enabled: z.boolean(),
  /** Manual networks: where users send, with their memo; null while not set. */
  platform_address: z.string().nullable(),
  explorer_tx_url: z.string().nullable(),
});
export type Network = z.infer<typeof networkSchema>;
export const networkListResponse = z.object({ networks: z.array(networkSchema) });

export const depositAddressQuery = z.strictObject({ coin: z.string().min(1).max(20), network: z.string().min(1).max(40) });

/** Where this user sends a deposit on a network: their own derived address (EVM), or the platform address with their memo (manual). */
export const depositAddressSchema = z.object({
  coin: z.string(),
  network: z.string(),
  network_name: z.string(),
  kind: z.enum(NETWORK_KINDS),
  address: z.string(),
  /** Manual networks: the memo/tag that tells the platform the deposit is this user's. */
  memo: z.string().nullable(),
  min_deposit: z.string(),
  confirmations: z.number().int(),
});
export type DepositAddress = z.infer<typeof depositAddressSchema>;
export const depositAddressResponse = z.object({ deposit_address: depositAddressSchema });
