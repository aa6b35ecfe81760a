import { eq } from "drizzle-orm";
import type { z } from "zod";
import { parseCoin, WITHDRAWAL_LOCK_HOURS, type createWithdrawalRequest, type Withdrawal, COIN_TEXTS, WALLET_TEXTS, fillTemplate } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { users, withdrawals } from "../db/schema.js";
import { findCoin } from "../coins/find-coin.js";
import { firstNetwork, requireWithdrawalNetwork } from "../networks/find-network.js";
import { AppError } from "../http/errors.js";
import { postTransfer } from "../ledger/post-transfer.js";
import { transact } from "../db/transact.js";
import { presentWithdrawal } from "./present.js";
import { formatLockEnd } from "./lock-time.js";
import { auditReview } from "./review.js";
import { requireStepUp, type CheckedStepUp } from "../auth/step-up.js";
import { queueOwnerMail } from "../auth/owner-mail.js";
import { withdrawalRequestedMail } from "../mail/security-mails.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";

const LOCK_MS = WITHDRAWAL_LOCK_HOURS * 3600_000;

/**
 * The user asks to send coins out: the amount leaves available for withdrawing at once (409
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
  const network = input.network ? await requireWithdrawalNetwork(db, input.coin, input.network) : await firstNetwork(db, input.coin);
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
      .values({ userId, coin: input.coin, network: network.code, amount: input.amount, address: input.address })
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
    await auditReview(tx, userId, "withdrawal.requested", "withdrawal", row!.id, { coin: row!.coin, amount: row!.amount, address: row!.address });
    await adminQueueChanged(tx, "withdrawals");
    await queueOwnerMail(tx, userId, (to) => withdrawalRequestedMail(to, row!));
    return presentWithdrawal(row!);
  });
}
