import { fillTemplate, isValidAddress, parseCoin, trimDecimal, WALLET_TEXTS } from "@p2p/shared";
import type { z } from "zod";
import type { createDepositRequest, Deposit } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { auditLog, deposits } from "../db/schema.js";
import { requireListedCoin } from "../coins/find-coin.js";
import { AppError } from "../http/errors.js";
import { isUniqueViolation, transact } from "../db/transact.js";
import { presentDeposit } from "./present.js";
import { requireDepositNetwork, type NetworkRow } from "../networks/find-network.js";
import { depositIndexOf } from "../networks/deposit-address.js";
import { depositMemo } from "../networks/derive-address.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";

type Input = z.output<typeof createDepositRequest>;

/**
 * The user reports coins sent to a manual network's platform address, from `sender_address`, with
 * their memo. Nothing is credited until an admin confirms; one chain transfer backs only one live
 * deposit. EVM networks take no filed deposits: the chain watcher finds them on the user's address.
 */
export async function createDeposit(options: { db: Db | Tx; userId: string; input: Input }): Promise<Deposit> {
  const { db, userId, input } = options;
  await requireListedCoin(db, input.coin);
  const network = await requireDepositNetwork(db, input.coin, input.network);
  checkFiledDeposit(network, input);
  const memo = depositMemo(await depositIndexOf(db, userId));
  try {
    return await transact(db, async (tx) => {
      const [row] = await tx
        .insert(deposits)
        .values({
          userId,
          coin: input.coin,
          network: network.code,
          amount: input.amount,
          txHash: input.tx_hash,
          senderAddress: input.sender_address,
          memo,
        })
        .returning();
      await tx.insert(auditLog).values({
        actorId: userId,
        action: "deposit.submitted",
        targetType: "deposit",
        targetId: row!.id,
        data: { coin: input.coin, network: network.code, amount: row!.amount, tx_hash: input.tx_hash, sender_address: input.sender_address, memo },
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

/** Guards before anything is written: a manual network with an address, a sender address of its format, at least its minimum. */
function checkFiledDeposit(network: NetworkRow, input: Input): void {
  const names = { coin: network.coin, network: network.name };
  if (network.kind !== "manual") throw new AppError("NETWORK_UNAVAILABLE", fillTemplate(WALLET_TEXTS.depositsAutomatic, names));
  if (!network.platformAddress) throw new AppError("NETWORK_UNAVAILABLE", fillTemplate(WALLET_TEXTS.depositsClosed, { coin: network.coin }));
  if (!isValidAddress(network.addressFormat, input.sender_address)) {
    const message = fillTemplate(WALLET_TEXTS.senderAddressInvalid, names);
    throw new AppError("VALIDATION_FAILED", message, { sender_address: message });
  }
  if (parseCoin(input.amount) < parseCoin(network.minDeposit)) {
    const message = fillTemplate(WALLET_TEXTS.belowMinimumDeposit, { ...names, min: trimDecimal(network.minDeposit) });
    throw new AppError("AMOUNT_OUT_OF_RANGE", message, { amount: message });
  }
}
