import { ArrowUpFromLine, Send } from "lucide-react";
import { markWithdrawalSentRequest } from "@p2p/shared";
import { formatCoinAmount } from "@/features/dashboard/format";
import type { StatusOption } from "../components/status-tabs";
import { useMarkWithdrawalSentMutation, useRejectWithdrawalMutation } from "../mutations";
import { useAdminWithdrawals, type WithdrawalStatus } from "../queries";
import { RequestQueue } from "../request-queue";

type Filter = WithdrawalStatus | "all";
const FILTERS: StatusOption<Filter>[] = [
  { value: "pending", label: "Pending" },
  { value: "sent", label: "Sent" },
  { value: "rejected", label: "Rejected" },
  { value: "cancelled", label: "Cancelled" },
  { value: "all", label: "All" },
];

const EMPTY: Record<Filter, string> = {
  pending: "No withdrawals are waiting to be sent.",
  sent: "No withdrawal has been sent yet.",
  rejected: "No withdrawal has been rejected.",
  cancelled: "No user has cancelled a withdrawal.",
  all: "No user has asked for a withdrawal yet.",
};

/** The same check the server applies, so a mistyped hash is caught before sending. */
function checkTxHash(value: string): string | null {
  const parsed = markWithdrawalSentRequest.safeParse({ tx_hash: value });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Enter the transaction hash");
}

/** Withdrawals waiting to go out: send the coins, then record the hash; or reject and return them. */
export default function WithdrawalsSection() {
  const markSent = useMarkWithdrawalSentMutation();
  const reject = useRejectWithdrawalMutation();

  return (
    <RequestQueue
      title="Withdrawals"
      description="Send the coins to the address from the platform wallet first, then mark the withdrawal sent with the chain's transaction hash."
      statusLabel="Withdrawal status"
      what="withdrawals"
      filters={FILTERS}
      empty={EMPTY}
      emptyIcon={<ArrowUpFromLine />}
      useRequests={useAdminWithdrawals}
      rowsOf={(page) => page.withdrawals}
      createdVerb="Requested"
      detail={(withdrawal) =>
        withdrawal.tx_hash
          ? { label: "Sent in", value: withdrawal.tx_hash, copyLabel: "transaction hash" }
          : { label: "To address", value: withdrawal.address, copyLabel: "destination address" }
      }
      summaryDetail={(withdrawal) => ({ label: "To address", value: withdrawal.address })}
      approveButton={{ icon: <Send aria-hidden />, label: "Mark sent" }}
      approve={{
        title: "Mark withdrawal sent",
        description: "Record the hash of the transaction you sent. The coins leave the user's withdrawing balance for good.",
        field: {
          kind: "input",
          label: "Transaction hash",
          placeholder: "0x…",
          monospace: true,
          maxLength: 128,
          validate: checkTxHash,
          hint: "Paste it exactly as the chain explorer shows it. The user sees it with their withdrawal.",
        },
        confirmLabel: "Mark as sent",
        onConfirm: async (withdrawal, user, txHash, idempotencyKey) => {
          await markSent.mutateAsync({ id: withdrawal.id, txHash, idempotencyKey });
          return {
            title: "Withdrawal marked sent",
            description: `${formatCoinAmount(withdrawal.amount)} ${withdrawal.coin} to ${user?.username ?? "the user"}.`,
          };
        },
      }}
      reject={{
        title: "Reject withdrawal",
        tone: "destructive",
        description: "The coins go back to the user's available balance at once, and they see your reason.",
        field: { kind: "textarea", label: "Reason", placeholder: "e.g. The address is not a valid address on this network.", maxLength: 500 },
        confirmLabel: "Reject withdrawal",
        onConfirm: async (withdrawal, user, reason, idempotencyKey) => {
          await reject.mutateAsync({ id: withdrawal.id, reason, idempotencyKey });
          return {
            title: "Withdrawal rejected",
            description: `${formatCoinAmount(withdrawal.amount)} ${withdrawal.coin} returned to ${user?.username ?? "the user"}.`,
          };
        },
      }}
    />
  );
}
