import { WALLET_TEXTS, fillTemplate } from "@p2p/shared";
import type { z } from "zod";
import type { createDepositRequest, Deposit } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { auditLog, deposits } from "../db/schema.js";
import { requireListedCoin } from "../coins/find-coin.js";
import { AppError } from "../http/errors.js";
import { isUniqueViolation, transact } from "../db/transact.js";
import { presentDeposit } from "./present.js";
import { firstManualNetwork, requireDepositNetwork } from "../networks/find-network.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";

/**
 * The user reports coins sent to the platform's address. Nothing is credited until an admin (or
 * later a chain watcher) confirms; one chain transaction can back only one live deposit.
 */
export async function createDeposit(options: { db: Db | Tx; userId: string; input: z.output<typeof createDepositRequest> }): Promise<Deposit> {
  const { db, userId, input } = options;
  await requireListedCoin(db, input.coin);
  const network = input.network ? await requireDepositNetwork(db, input.coin, input.network) : await firstManualNetwork(db, input.coin);
  if (!network?.platformAddress) throw new AppError("COIN_UNAVAILABLE", fillTemplate(WALLET_TEXTS.depositsClosed, { coin: input.coin }));
  try {
    return await transact(db, async (tx) => {
      const [row] = await tx
        .insert(deposits)
        .values({ userId, coin: input.coin, network: network.code, amount: input.amount, txHash: input.tx_hash })
        .returning();
      await tx.insert(auditLog).values({
        actorId: userId,
        action: "deposit.submitted",
        targetType: "deposit",
        targetId: row!.id,
        data: { coin: input.coin, amount: row!.amount, tx_hash: input.tx_hash },
      });
      await adminQueueChanged(tx, "deposits");
      return presentDeposit(row!, network);
    });
  } catch (err) {
    if (isUniqueViolation(err, "deposits_transfer_key")) {
      throw new AppError("DUPLICATE_TX_HASH", WALLET_TEXTS.hashUsed);
    }
    throw err;
  }
}
