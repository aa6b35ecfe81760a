import {
  fillTemplate,
  isValidAddress,
  MARKET_TOPIC,
  REALTIME_EVENTS,
  WALLET_TEXTS,
  COIN_TEXTS,
  type Network,
  type createNetworkRequest,
} from "@p2p/shared";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client.js";
import { coins, networks } from "../db/schema.js";
import { isUniqueViolation, transact } from "../db/transact.js";
import { AppError } from "../http/errors.js";
import { recordAudit } from "../audit/record-audit.js";
import { appendEvent } from "../realtime/append-event.js";
import { presentNetwork } from "./present-network.js";

/** An arbitrary constant: two admins adding EVM networks at once take different address branches. */
const ADDRESS_BRANCH_LOCK = 0x6e7402;

/**
 * An admin adds a network to a coin. An EVM network gets the next free BIP32 branch under
 * DEPOSIT_XPUB, so its users' addresses never repeat another network's. Audited, and every open
 * screen hears `networks.changed`.
 */
export async function createNetwork(options: { db: Db; adminId: string; input: z.output<typeof createNetworkRequest> }): Promise<Network> {
  const { db, adminId, input } = options;
  const names = { coin: input.coin, network: input.code };
  if (input.platform_address && !isValidAddress(input.address_format, input.platform_address)) {
    const message = fillTemplate(WALLET_TEXTS.platformAddressInvalid, { network: input.name });
    throw new AppError("VALIDATION_FAILED", message, { platform_address: message });
  }
  try {
    return await transact(db, async (tx) => {
      const [coin] = await tx.select({ symbol: coins.symbol }).from(coins).where(eq(coins.symbol, input.coin));
      if (!coin) throw new AppError("NOT_FOUND", fillTemplate(COIN_TEXTS.noCoin, { coin: input.coin }));
      let addressBranch: number | null = null;
      if (input.kind === "evm") {
        await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_BRANCH_LOCK})`);
        const [next] = await tx.select({ branch: sql<number>`coalesce(max(${networks.addressBranch}) + 1, 0)::int` }).from(networks);
        addressBranch = next!.branch;
      }
      const [sortOrder] = await tx
        .select({ next: sql<number>`coalesce(max(${networks.sortOrder}) + 1, 0)::int` })
        .from(networks)
        .where(eq(networks.coin, input.coin));
      const [row] = await tx
        .insert(networks)
        .values({
          coin: input.coin,
          code: input.code,
          name: input.name,
          kind: input.kind,
          addressFormat: input.address_format,
          chainId: input.chain_id,
          tokenContract: input.token_contract,
          decimals: input.decimals,
          confirmations: input.confirmations,
          minDeposit: input.min_deposit,
          withdrawalFee: input.withdrawal_fee,
          depositsEnabled: input.deposits_enabled,
          withdrawalsEnabled: input.withdrawals_enabled,
          platformAddress: input.platform_address,
          explorerTxUrl: input.explorer_tx_url,
          addressBranch,
          sortOrder: sortOrder!.next,
        })
        .returning();
      const shown = presentNetwork(row!);
      await recordAudit(tx, {
        actorId: adminId,
        action: "network.created",
        targetType: "network",
        targetId: `${input.coin}/${input.code}`,
        data: { before: null, after: { ...shown, address_branch: addressBranch } },
      });
      await appendEvent(tx, MARKET_TOPIC, REALTIME_EVENTS.networksChanged, { coin: input.coin, network: input.code });
      return shown;
    });
  } catch (err) {
    if (isUniqueViolation(err, "networks_coin_code_pk")) throw new AppError("CONFLICT", fillTemplate(WALLET_TEXTS.networkExists, names));
    throw err;
  }
}
