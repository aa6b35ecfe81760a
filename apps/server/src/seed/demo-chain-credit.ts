import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { deposits, networks } from "../db/schema.js";
import { creditDeposit } from "../wallet/credit-deposit.js";

/**
 * Development and tests only: coins of a coin with no manual network arrive as the chain watcher
 * would credit them, a confirmed chain deposit on the coin's first network (nothing on any chain).
 */
export async function creditAsChainDeposit(tx: Tx, options: { userId: string; coin: string; amount: string; txHash: string }): Promise<void> {
  const [network] = await tx.select().from(networks).where(eq(networks.coin, options.coin)).orderBy(networks.sortOrder, networks.code).limit(1);
  if (!network) throw new Error(`${options.coin} has no network`);
  const [row] = await tx
    .insert(deposits)
    .values({
      userId: options.userId,
      coin: options.coin,
      network: network.code,
      amount: options.amount,
      txHash: options.txHash,
      source: "chain",
      status: "confirmed",
      confirmations: network.confirmations,
    })
    .returning();
  await creditDeposit(tx, row!, null);
}
