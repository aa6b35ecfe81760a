import type { Network } from "@p2p/shared";
import type { NetworkRow } from "./find-network.js";

export function presentNetwork(row: NetworkRow): Network {
  return {
    coin: row.coin,
    code: row.code,
    name: row.name,
    kind: row.kind,
    address_format: row.addressFormat,
    chain_id: row.chainId,
    token_contract: row.tokenContract,
    decimals: row.decimals,
    confirmations: row.confirmations,
    min_deposit: row.minDeposit,
    withdrawal_fee: row.withdrawalFee,
    deposits_enabled: row.depositsEnabled,
    withdrawals_enabled: row.withdrawalsEnabled,
    platform_address: row.platformAddress,
    explorer_tx_url: row.explorerTxUrl,
  };
}
