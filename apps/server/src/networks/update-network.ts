import { fillTemplate, isValidAddress, MARKET_TOPIC, REALTIME_EVENTS, WALLET_TEXTS, type Network, type updateNetworkRequest } from "@p2p/shared";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client.js";
import { networks } from "../db/schema.js";
import { transact } from "../db/transact.js";
import { AppError } from "../http/errors.js";
import { recordAudit } from "../audit/record-audit.js";
import { appendEvent } from "../realtime/append-event.js";
import type { NetworkRow } from "./find-network.js";
import { presentNetwork } from "./present-network.js";

type Input = z.output<typeof updateNetworkRequest>;

/**
 * An admin changes a network's settings (minimum, fee, confirmations, switches, addresses …),
 * under the row's lock; the audit row names the admin with each changed field before and after,
 * and every open screen hears `networks.changed` on the market topic.
 */
export async function updateNetwork(options: { db: Db; adminId: string; coin: string; code: string; input: Input }): Promise<Network> {
  const { db, adminId, coin, code, input } = options;
  return transact(db, async (tx) => {
    const where = and(eq(networks.coin, coin), eq(networks.code, code));
    const [before] = await tx.select().from(networks).where(where).for("update");
    if (!before) throw new AppError("NOT_FOUND", fillTemplate(WALLET_TEXTS.unknownNetwork, { coin, network: code }));
    checkChange(before, input);
    const [after] = await tx
      .update(networks)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(where)
      .returning();
    const shownBefore = presentNetwork(before);
    const shownAfter = presentNetwork(after!);
    const changed = (Object.keys(input) as (keyof Input & keyof Network)[]).filter((k) => shownBefore[k] !== shownAfter[k]);
    await recordAudit(tx, {
      actorId: adminId,
      action: "network.updated",
      targetType: "network",
      targetId: `${coin}/${code}`,
      data: {
        before: Object.fromEntries(changed.map((k) => [k, shownBefore[k]])),
        after: Object.fromEntries(changed.map((k) => [k, shownAfter[k]])),
      },
    });
    await appendEvent(tx, MARKET_TOPIC, REALTIME_EVENTS.networksChanged, { coin, network: code });
    return shownAfter;
  });
}

/** What only EVM networks have, and a platform address of the network's own format. */
function checkChange(row: NetworkRow, input: Input): void {
  if (row.kind !== "evm" && (input.chain_id !== undefined || (input.token_contract !== undefined && input.token_contract !== null))) {
    throw new AppError("VALIDATION_FAILED", WALLET_TEXTS.evmSettingsOnly, {
      ...(input.chain_id !== undefined ? { chain_id: WALLET_TEXTS.evmSettingsOnly } : {}),
      ...(input.token_contract ? { token_contract: WALLET_TEXTS.evmSettingsOnly } : {}),
    });
  }
  if (input.platform_address && !isValidAddress(row.addressFormat, input.platform_address)) {
    const message = fillTemplate(WALLET_TEXTS.platformAddressInvalid, { network: row.name });
    throw new AppError("VALIDATION_FAILED", message, { platform_address: message });
  }
}

function columnsOf(input: Input): Partial<typeof networks.$inferInsert> {
  const columns: Partial<typeof networks.$inferInsert> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.chain_id !== undefined) columns.chainId = input.chain_id;
  if (input.token_contract !== undefined) columns.tokenContract = input.token_contract;
  if (input.decimals !== undefined) columns.decimals = input.decimals;
  if (input.confirmations !== undefined) columns.confirmations = input.confirmations;
  if (input.min_deposit !== undefined) columns.minDeposit = input.min_deposit;
  if (input.withdrawal_fee !== undefined) columns.withdrawalFee = input.withdrawal_fee;
  if (input.deposits_enabled !== undefined) columns.depositsEnabled = input.deposits_enabled;
  if (input.withdrawals_enabled !== undefined) columns.withdrawalsEnabled = input.withdrawals_enabled;
  if (input.platform_address !== undefined) columns.platformAddress = input.platform_address;
  if (input.explorer_tx_url !== undefined) columns.explorerTxUrl = input.explorer_tx_url;
  return columns;
}
