import { ArrowDownToLine, Check } from "lucide-react";
import { formatCoinAmount } from "@/features/dashboard/format";
import type { StatusOption } from "../components/status-tabs";
import { useConfirmDepositMutation, useRejectDepositMutation } from "../mutations";
import { useAdminDeposits, type DepositStatus } from "../queries";
import { RequestQueue } from "../request-queue";

type Filter = DepositStatus | "all";
const FILTERS: StatusOption<Filter>[] = [
  { value: "pending", label: "Pending" },
  { value: "confirmed", label: "Confirmed" },
  { value: "rejected", label: "Rejected" },
  { value: "all", label: "All" },
];

const EMPTY: Record<Filter, string> = {
  pending: "No deposits are waiting. New ones appear here as soon as a user submits a transaction hash.",
  confirmed: "No deposit has been confirmed yet.",
  rejected: "No deposit has been rejected.",
  all: "No user has submitted a deposit yet.",
};

/** Deposits users reported: confirm once the coins are on chain, or reject with a reason. */
export default function DepositsSection() {
  const confirm = useConfirmDepositMutation();
  const reject = useRejectDepositMutation();

  return (
    <RequestQueue
      title="Deposits"
      description="Confirm a deposit only after you have seen the transaction reach the platform's address on the chain."
      statusLabel="Deposit status"
      what="deposits"
      filters={FILTERS}
      empty={EMPTY}
      emptyIcon={<ArrowDownToLine />}
      useRequests={useAdminDeposits}
      rowsOf={(page) => page.deposits}
      createdVerb="Submitted"
      detail={(deposit) => ({ label: "Transaction hash", value: deposit.tx_hash, copyLabel: "transaction hash" })}
      summaryDetail={(deposit) => ({ label: "Transaction", value: deposit.tx_hash })}
      approveButton={{ icon: <Check aria-hidden />, label: "Confirm" }}
      approve={{
        title: "Confirm deposit",
        description:
          "The amount moves from custody to the user's available balance at once. Confirm only a transaction you have seen on the chain; this cannot be undone.",
        confirmLabel: "Confirm deposit",
        onConfirm: async (deposit, user, _value, idempotencyKey) => {
          await confirm.mutateAsync({ id: deposit.id, idempotencyKey });
          return {
            title: "Deposit confirmed",
            description: `${formatCoinAmount(deposit.amount)} ${deposit.coin} credited to ${user?.username ?? "the user"}.`,
          };
        },
      }}
      reject={{
        title: "Reject deposit",
        tone: "destructive",
        description: "Nothing is credited. The user sees your reason and may submit the hash again.",
        field: { kind: "textarea", label: "Reason", placeholder: "e.g. No transaction with this hash reached our address.", maxLength: 500 },
        confirmLabel: "Reject deposit",
        onConfirm: async (deposit, user, reason, idempotencyKey) => {
          await reject.mutateAsync({ id: deposit.id, reason, idempotencyKey });
          return { title: "Deposit rejected", description: `${user?.username ?? "The user"} will see your reason.` };
        },
      }}
    />
  );
}
