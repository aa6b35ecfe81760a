import type { NewNotification } from "../notifications/notify.js";

type Request = { userId: string; coin: string; amount: string; rejectReason?: string | null };

/** "12.50000000" → "12.5". */
const coinText = (amount: string) => (amount.includes(".") ? amount.replace(/0+$/, "").replace(/\.$/, "") : amount);

/** The admin_feedback an owner receives when an admin decides their deposit. */
export function depositDecisionNotice(row: Request, decision: "confirmed" | "rejected"): NewNotification {
  const what = `${coinText(row.amount)} ${row.coin}`;
  return decision === "confirmed"
    ? { userId: row.userId, type: "admin_feedback", title: "Deposit Confirmed", message: `Your deposit of ${what} was confirmed and added to your wallet.` }
    : { userId: row.userId, type: "admin_feedback", title: "Deposit Rejected", message: `Your deposit of ${what} was rejected. Reason: ${row.rejectReason ?? "not given"}` };
}

/** The admin_feedback an owner receives when an admin sends or rejects their withdrawal (not their own cancel). */
export function withdrawalDecisionNotice(row: Request, status: string): NewNotification | null {
  const what = `${coinText(row.amount)} ${row.coin}`;
  if (status === "sent") return { userId: row.userId, type: "admin_feedback", title: "Withdrawal Sent", message: `Your withdrawal of ${what} was sent.` };
  if (status === "rejected") {
    return { userId: row.userId, type: "admin_feedback", title: "Withdrawal Rejected", message: `Your withdrawal of ${what} was rejected and returned to your wallet. Reason: ${row.rejectReason ?? "not given"}` };
  }
  return null;
}
