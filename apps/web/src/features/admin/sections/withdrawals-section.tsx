import { useTranslation } from "@/i18n/use-translation";
import { ArrowUpFromLine, Send, ShieldCheck } from "lucide-react";
import { markWithdrawalSentRequest, msg, type AdminWithdrawal } from "@p2p/shared";
import { useSession } from "@/features/auth/queries";
import { translateServerText } from "@/i18n/server-text";
import { showCoin } from "@/i18n/format";
import type { StatusOption } from "../components/status-tabs";
import { useApproveWithdrawalMutation, useMarkWithdrawalSentMutation, useRejectWithdrawalMutation } from "../mutations";
import { useAdminWithdrawals, type WithdrawalStatus } from "../queries";
import { RequestQueue, type QueueDialog } from "../request-queue";
import { withdrawalStep, type WithdrawalStep } from "../review-rules";
import { PayoutBatchesCard } from "./payout-batches-card";

type Filter = WithdrawalStatus | "all";
const FILTERS: StatusOption<Filter>[] = [
  { value: "pending", label: msg("Pending") },
  { value: "approved", label: msg("Approved") },
  { value: "verifying", label: msg("Verifying") },
  { value: "sent", label: msg("Sent") },
  { value: "rejected", label: msg("Rejected") },
  { value: "cancelled", label: msg("Cancelled") },
  { value: "all", label: msg("All") },
];

const EMPTY: Record<Filter, string> = {
  pending: msg("No withdrawals are waiting for approval."),
  approved: msg("No approved withdrawal is waiting for a payout batch."),
  verifying: msg("No withdrawal's hash is being verified."),
  sent: msg("No withdrawal has been sent yet."),
  rejected: msg("No withdrawal has been rejected."),
  cancelled: msg("No user has cancelled a withdrawal."),
  all: msg("No user has asked for a withdrawal yet."),
};

const STEP_NOTES: Record<NonNullable<WithdrawalStep["note"]>, string> = {
  needs_two_approvals: msg("Needs two admins' approvals"),
  awaiting_second_approval: msg("Awaiting second approval"),
  awaiting_batch: msg("Approved: waiting for a payout batch"),
  verifying: msg("Hash filed: the chain check is running"),
};

/** The same check the server applies, so a mistyped hash is caught before sending; the answer is a translation key. */
function checkTxHash(value: string): string | null {
  const parsed = markWithdrawalSentRequest.safeParse({ tx_hash: value });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? msg("Enter the transaction hash"));
}

/**
 * Withdrawals waiting to go out: send the coins, then record the hash; or reject and return them.
 * Above the coin's two-admin amount, two different admins approve first.
 */
export default function WithdrawalsSection() {
  const { t } = useTranslation();
  const { data: me } = useSession();
  const approve = useApproveWithdrawalMutation();
  const markSent = useMarkWithdrawalSentMutation();
  const reject = useRejectWithdrawalMutation();
  const stepOf = (withdrawal: AdminWithdrawal) => withdrawalStep(withdrawal, me?.id);

  const markSentDialog: QueueDialog<AdminWithdrawal> = {
    title: t("Mark withdrawal sent"),
    description: t(
      "Record the hash of the transaction the signer sent. Where this server reaches the chain, it checks that the transaction pays this address the amount to receive before the withdrawal is final.",
    ),
    field: {
      kind: "input",
      label: t("Transaction hash"),
      placeholder: "0x…",
      monospace: true,
      maxLength: 128,
      validate: checkTxHash,
      hint: t("Paste it exactly as the chain explorer shows it. The user sees it with their withdrawal."),
    },
    confirmLabel: t("Mark as sent"),
    onConfirm: async (withdrawal, user, txHash, idempotencyKey) => {
      await markSent.mutateAsync({ id: withdrawal.id, txHash, idempotencyKey });
      const amount = `${showCoin(withdrawal.amount)} ${withdrawal.coin}`;
      return {
        title: t("Withdrawal marked sent"),
        description: user ? t("{{amount}} to {{username}}.", { amount, username: user.username }) : t("{{amount}} to the user.", { amount }),
      };
    },
  };

  return (
    <div className="grid min-w-0 gap-6">
      <PayoutBatchesCard />
      <RequestQueue
        title={t("Withdrawals")}
        description={t(
          "Approve each withdrawal, put the approved ones of a network in a payout batch for the signer, then mark each sent with its transaction hash.",
        )}
        statusLabel={t("Withdrawal status")}
        loadError={t("We couldn't load withdrawals")}
        filters={FILTERS}
        empty={EMPTY}
        emptyIcon={<ArrowUpFromLine />}
        useRequests={useAdminWithdrawals}
        exportKind="withdrawal"
        rowsOf={(page) => page.withdrawals}
        createdVerb={{ label: t("Requested"), caption: (when) => t("Requested {{when}}", { when }) }}
        detail={(withdrawal) =>
          withdrawal.tx_hash
            ? { label: t("Sent in"), value: withdrawal.tx_hash, copyLabel: t("transaction hash") }
            : { label: t("To address"), value: withdrawal.address, copyLabel: t("destination address") }
        }
        summaryDetail={(withdrawal) => ({ label: t("To address"), value: withdrawal.address })}
        note={(withdrawal) => {
          const note = stepOf(withdrawal).note;
          const step = note && t(STEP_NOTES[note]);
          const problem = withdrawal.hash_problem && t("Last hash refused: {{problem}}", { problem: translateServerText(withdrawal.hash_problem) });
          return [step, problem].filter(Boolean).join(" · ") || null;
        }}
        decidable={(withdrawal) => stepOf(withdrawal).action !== null || stepOf(withdrawal).canReject}
        canReject={(withdrawal) => stepOf(withdrawal).canReject}
        approveButton={(withdrawal) => {
          const action = stepOf(withdrawal).action;
          if (action === "mark_sent") return { icon: <Send aria-hidden />, label: t("Mark sent") };
          return action === "approve" ? { icon: <ShieldCheck aria-hidden />, label: t("Approve") } : null;
        }}
        approve={(request) =>
          stepOf(request).action === "approve"
            ? {
                title: t("Approve withdrawal"),
                description:
                  request.approvals_required > 1
                    ? t(
                        "Withdrawals of this size need two different admins' approvals before they are paid out. Check the user and the address first.",
                      )
                    : t("Check the user, the network and the address first. Approved withdrawals go into the next payout batch."),
                confirmLabel: t("Approve withdrawal"),
                onConfirm: async (request, user, _value, idempotencyKey) => {
                  await approve.mutateAsync({ id: request.id, idempotencyKey });
                  const amount = `${showCoin(request.amount)} ${request.coin}`;
                  return {
                    title: t("Withdrawal approved"),
                    description: user
                      ? t("{{amount}} to {{username}}.", { amount, username: user.username })
                      : t("{{amount}} to the user.", { amount }),
                  };
                },
              }
            : markSentDialog
        }
        reject={{
          title: t("Reject withdrawal"),
          tone: "destructive",
          description: t("The coins go back to the user's available balance at once, and they see your reason."),
          field: { kind: "textarea", label: t("Reason"), placeholder: t("e.g. The address is not a valid address on this network."), maxLength: 500 },
          confirmLabel: t("Reject withdrawal"),
          onConfirm: async (withdrawal, user, reason, idempotencyKey) => {
            await reject.mutateAsync({ id: withdrawal.id, reason, idempotencyKey });
            const amount = `${showCoin(withdrawal.amount)} ${withdrawal.coin}`;
            return {
              title: t("Withdrawal rejected"),
              description: user
                ? t("{{amount}} returned to {{username}}.", { amount, username: user.username })
                : t("{{amount}} returned to the user.", { amount }),
            };
          },
        }}
      />
    </div>
  );
}
