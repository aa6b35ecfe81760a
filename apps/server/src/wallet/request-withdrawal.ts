import { eq } from "drizzle-orm";
import type { z } from "zod";
import {
  formatCoin,
  isValidAddress,
  parseCoin,
  trimDecimal,
  WITHDRAWAL_LOCK_HOURS,
  type createWithdrawalRequest,
  type Withdrawal,
  COIN_TEXTS,
  WALLET_TEXTS,
  fillTemplate,
} from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { users, withdrawals } from "../db/schema.js";
import { findCoin } from "../coins/find-coin.js";
import { requireWithdrawalNetwork } from "../networks/find-network.js";
import { AppError } from "../http/errors.js";
import { postTransfer } from "../ledger/post-transfer.js";
import { transact } from "../db/transact.js";
import { presentWithdrawal } from "./present.js";
import { formatLockEnd } from "./lock-time.js";
import { coinToTokenUnits } from "../chain/token-amount.js";
import { auditReview } from "./review.js";
import { requireStepUp, type CheckedStepUp } from "../auth/step-up.js";
import { queueOwnerMail } from "../auth/owner-mail.js";
import { withdrawalRequestedMail } from "../mail/security-mails.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";

const LOCK_MS = WITHDRAWAL_LOCK_HOURS * 3600_000;

/**
 * The user asks to send coins out on one of the coin's networks, to an address of that network's
 * format (EIP-55, TRON base58check), for more than its network fee, fixed now: the address gets
 * amount − fee. The amount leaves available for withdrawing at once (409
 * INSUFFICIENT_BALANCE if it is not there, however many requests race), and waits for an admin
 * to send it. Refused for 24 h after a password change (DESIGN §6). Unlisted coins can still be
 * withdrawn: delisting never traps anyone's coins. With two-factor on, a fresh code is needed too.
 * The owner is mailed every request.
 */
export async function requestWithdrawal(options: {
  db: Db | Tx;
  userId: string;
  input: z.output<typeof createWithdrawalRequest>;
  /** The request's code after `checkStepUp`, for the same user. */
  stepUp: CheckedStepUp;
  sessionSecret: string;
}): Promise<Withdrawal> {
  const { db, userId, input, stepUp, sessionSecret } = options;
  if (stepUp.userId !== userId) throw new Error("requestWithdrawal: the step-up code was checked for another user");
  if (!(await findCoin(db, input.coin))) throw new AppError("NOT_FOUND", fillTemplate(COIN_TEXTS.noCoin, { coin: input.coin }));
  const network = await requireWithdrawalNetwork(db, input.coin, input.network);
  if (!isValidAddress(network.addressFormat, input.address)) {
    const message = fillTemplate(WALLET_TEXTS.invalidAddress, { coin: input.coin, network: network.name });
    throw new AppError("VALIDATION_FAILED", message, { address: message });
  }
  if (parseCoin(input.amount) <= parseCoin(network.withdrawalFee)) {
    const fee = trimDecimal(formatCoin(parseCoin(network.withdrawalFee)));
    const message = fillTemplate(WALLET_TEXTS.amountNotAboveFee, { fee, coin: input.coin });
    throw new AppError("AMOUNT_OUT_OF_RANGE", message, { amount: message });
  }
  if (coinToTokenUnits(parseCoin(input.amount), network.decimals) === null) {
    const message = fillTemplate(WALLET_TEXTS.tooManyDecimals, { network: network.name, coin: input.coin, decimals: network.decimals });
    throw new AppError("VALIDATION_FAILED", message, { amount: message });
  }
  const [user] = await db.select({ passwordChangedAt: users.passwordChangedAt }).from(users).where(eq(users.id, userId));
  const changedAt = user?.passwordChangedAt;
  if (changedAt && Date.now() - changedAt.getTime() < LOCK_MS) {
    const until = new Date(changedAt.getTime() + LOCK_MS);
    throw new AppError(
      "WITHDRAWALS_LOCKED",
      fillTemplate(WALLET_TEXTS.withdrawalsLocked, { hours: WITHDRAWAL_LOCK_HOURS, until: formatLockEnd(until) }),
    );
  }

  return transact(db, async (tx) => {
    await requireStepUp(tx, sessionSecret, stepUp);
    const [row] = await tx
      .insert(withdrawals)
      .values({ userId, coin: input.coin, network: network.code, amount: input.amount, networkFee: network.withdrawalFee, address: input.address })
      .returning();
    const amount = parseCoin(row!.amount);
    await postTransfer(tx, {
      kind: "withdrawal_request",
      coin: row!.coin,
      withdrawalId: row!.id,
      actorId: userId,
      postings: [
        { account: { kind: "available", userId }, amount: -amount },
        { account: { kind: "withdrawing", userId }, amount },
      ],
    });
    await auditReview(tx, userId, "withdrawal.requested", "withdrawal", row!.id, {
      coin: row!.coin,
      network: row!.network,
      amount: row!.amount,
      network_fee: row!.networkFee,
      address: row!.address,
    });
    await adminQueueChanged(tx, "withdrawals");
    await queueOwnerMail(tx, userId, (to) => withdrawalRequestedMail(to, row!));
    return presentWithdrawal(row!);
  });
}
