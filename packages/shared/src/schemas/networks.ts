import { z } from "zod";
import { msg } from "../i18n/languages.js";
import { ADDRESS_FORMATS, NETWORK_KINDS } from "../wallet/constants.js";
import { isEvmAddress } from "../wallet/addresses.js";

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

export const networkResponse = z.object({ network: networkSchema });

/** A network's minimum deposit or withdrawal fee: zero or more, at most 8 decimal places. */
const networkAmountSchema = z
  .string({ error: msg("Enter an amount of 0 or more, with at most 8 decimal places") })
  .trim()
  .regex(/^\d{1,20}(\.\d{1,8})?$/, msg("Enter an amount of 0 or more, with at most 8 decimal places"));
const confirmationsSchema = z
  .number({ error: msg("Enter the confirmations as a whole number from 1 to 1000") })
  .int(msg("Enter the confirmations as a whole number from 1 to 1000"))
  .min(1, msg("Enter the confirmations as a whole number from 1 to 1000"))
  .max(1000, msg("Enter the confirmations as a whole number from 1 to 1000"));
const decimalsSchema = z
  .number({ error: msg("Enter the decimals as a whole number from 0 to 36") })
  .int(msg("Enter the decimals as a whole number from 0 to 36"))
  .min(0, msg("Enter the decimals as a whole number from 0 to 36"))
  .max(36, msg("Enter the decimals as a whole number from 0 to 36"));
/** An ERC-20 contract: an EVM address (a mixed-case one must be a valid checksum), stored lower case. */
const tokenContractSchema = z
  .string({ error: msg("Enter the token contract: 0x and 40 hexadecimal digits") })
  .trim()
  .refine(isEvmAddress, msg("Enter the token contract: 0x and 40 hexadecimal digits"))
  .transform((address) => address.toLowerCase());
const chainIdSchema = z
  .number({ error: msg("Enter the chain id as a whole number") })
  .int(msg("Enter the chain id as a whole number"))
  .min(1, msg("Enter the chain id as a whole number"))
  .max(2_147_483_647, msg("Enter the chain id as a whole number"));
/** The explorer's transaction page, with {hash} (0x…) or {hex} (without 0x) where the hash goes. */
const explorerUrlSchema = z
  .string({ error: msg("Enter the explorer's https:// address with {hash} or {hex} in it") })
  .trim()
  .max(300, msg("Enter the explorer's https:// address with {hash} or {hex} in it"))
  .regex(/^https:\/\/[^\s]+$/, msg("Enter the explorer's https:// address with {hash} or {hex} in it"))
  .refine((url) => url.includes("{hash}") || url.includes("{hex}"), msg("Enter the explorer's https:// address with {hash} or {hex} in it"));
/** Where users of a manual network send; checked against the network's address format by the server. */
const platformAddressSchema = z
  .string({ error: msg("Enter the platform's address on this network") })
  .trim()
  .min(1, msg("Enter the platform's address on this network"))
  .max(128, msg("The address is too long"));
const networkNameSchema = z
  .string({ error: msg("Enter the network's name") })
  .trim()
  .min(2, msg("Enter the network's name"))
  .max(60, msg("The name is too long"));

/** An admin's change to a network: only the fields sent change (audited with before and after). */
export const updateNetworkRequest = z
  .strictObject({
    name: networkNameSchema.optional(),
    chain_id: chainIdSchema.optional(),
    token_contract: tokenContractSchema.nullable().optional(),
    decimals: decimalsSchema.optional(),
    confirmations: confirmationsSchema.optional(),
    min_deposit: networkAmountSchema.optional(),
    withdrawal_fee: networkAmountSchema.optional(),
    deposits_enabled: z.boolean().optional(),
    withdrawals_enabled: z.boolean().optional(),
    platform_address: platformAddressSchema.nullable().optional(),
    explorer_tx_url: explorerUrlSchema.nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, msg("Change at least one setting"));
export type UpdateNetworkRequest = z.input<typeof updateNetworkRequest>;

/** A new network for a coin. EVM networks need a chain id and check EVM addresses; manual ones take neither chain id nor token. */
export const createNetworkRequest = z
  .strictObject({
    coin: z.string().trim().min(1).max(20),
    code: z
      .string({ error: msg("Enter a short code: 2 to 20 letters, digits, spaces, _ or -") })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 _-]{1,19}$/, msg("Enter a short code: 2 to 20 letters, digits, spaces, _ or -")),
    name: networkNameSchema,
    kind: z.enum(NETWORK_KINDS),
    address_format: z.enum(ADDRESS_FORMATS),
    chain_id: chainIdSchema.nullable().default(null),
    token_contract: tokenContractSchema.nullable().default(null),
    decimals: decimalsSchema,
    confirmations: confirmationsSchema,
    min_deposit: networkAmountSchema,
    withdrawal_fee: networkAmountSchema,
    deposits_enabled: z.boolean().default(false),
    withdrawals_enabled: z.boolean().default(false),
    platform_address: platformAddressSchema.nullable().default(null),
    explorer_tx_url: explorerUrlSchema.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "evm") {
      if (v.chain_id === null) ctx.addIssue({ code: "custom", path: ["chain_id"], message: msg("An EVM network needs its chain id") });
      if (v.address_format !== "evm") ctx.addIssue({ code: "custom", path: ["address_format"], message: msg("An EVM network uses EVM addresses") });
    } else {
      if (v.chain_id !== null) ctx.addIssue({ code: "custom", path: ["chain_id"], message: msg("Only EVM networks have a chain id") });
      if (v.token_contract !== null)
        ctx.addIssue({ code: "custom", path: ["token_contract"], message: msg("Only EVM networks have a token contract") });
    }
  });
export type CreateNetworkRequest = z.input<typeof createNetworkRequest>;
