import { WALLET_TEXTS, fillTemplate } from "@p2p/shared";
import type { NewNotification } from "../notifications/notify.js";

type Request = { userId: string; coin: string; amount: string; rejectReason?: string | null };

/** "12.50000000" → "12.5". */
const coinText = (amount: string) => (amount.includes(".") ? amount.replace(/0+$/, "").replace(/\.$/, "") : amount);

const reasonOf = (row: Request) => row.rejectReason ?? WALLET_TEXTS.reasonNotGiven;

/** The admin_feedback an owner receives when an admin decides their deposit. */
export function depositDecisionNotice(row: Request, decision: "confirmed" | "rejected"): NewNotification {
  const what = `${coinText(row.amount)} ${row.coin}`;
  return decision === "confirmed"
    ? {
        userId: row.userId,
        type: "admin_feedback",
        title: WALLET_TEXTS.depositConfirmedTitle,
        message: fillTemplate(WALLET_TEXTS.depositConfirmed, { amount: what }),
      }
    : {
        userId: row.userId,
        type: "admin_feedback",
        title: WALLET_TEXTS.depositRejectedTitle,
        message: fillTemplate(WALLET_TEXTS.depositRejected, { amount: what, reason: reasonOf(row) }),
      };
}

/** The admin_feedback an owner receives when an admin sends or rejects their withdrawal (not their own cancel). */
export function withdrawalDecisionNotice(row: Request, status: string): NewNotification | null {
  const what = `${coinText(row.amount)} ${row.coin}`;
  if (status === "sent")
    return {
      userId: row.userId,
      type: "admin_feedback",
      title: WALLET_TEXTS.withdrawalSentTitle,
      message: fillTemplate(WALLET_TEXTS.withdrawalSent, { amount: what }),
    };
  if (status === "rejected") {
    const message = fillTemplate(WALLET_TEXTS.withdrawalRejected, { amount: what, reason: reasonOf(row) });
    return { userId: row.userId, type: "admin_feedback", title: WALLET_TEXTS.withdrawalRejectedTitle, message };
  }
  return null;
}
