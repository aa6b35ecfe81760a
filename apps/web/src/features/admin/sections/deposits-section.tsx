import { useTranslation } from "@/i18n/use-translation";
import { ArrowDownToLine, Check } from "lucide-react";
import { msg } from "@p2p/shared";
import { showCoin } from "@/i18n/format";
import type { StatusOption } from "../components/status-tabs";
import { useConfirmDepositMutation, useRejectDepositMutation } from "../mutations";
import { useAdminDeposits, type DepositStatus } from "../queries";
import { RequestQueue } from "../request-queue";
import { DepositFacts } from "./deposit-facts";

type Filter = DepositStatus | "all";
const FILTERS: StatusOption<Filter>[] = [
  { value: "pending", label: msg("Pending") },
  { value: "confirming", label: msg("Confirming") },
  { value: "confirmed", label: msg("Confirmed") },
  { value: "rejected", label: msg("Rejected") },
  { value: "dropped", label: msg("Dropped") },
  { value: "all", label: msg("All") },
];

const EMPTY: Record<Filter, string> = {
  pending: msg("No deposits are waiting. New ones appear here as soon as a user submits a transaction hash."),
  confirming: msg("No deposit is waiting for confirmations on chain."),
  confirmed: msg("No deposit has been confirmed yet."),
  dropped: msg("No deposit has left the chain before it was credited."),
  rejected: msg("No deposit has been rejected."),
  all: msg("No user has submitted a deposit yet."),
};

/**
 * Deposits: those users filed on manual networks (confirm once the coins are on chain, or reject
 * with a reason) and those the chain watcher found (shown, never decided here).
 */
export default function DepositsSection() {
  const { t } = useTranslation();
  const confirm = useConfirmDepositMutation();
  const reject = useRejectDepositMutation();

  return (
    <RequestQueue
      title={t("Deposits")}
      description={t("Confirm a deposit only after you have seen the transaction reach the platform's address on the chain.")}
      statusLabel={t("Deposit status")}
      loadError={t("We couldn't load deposits")}
      filters={FILTERS}
      empty={EMPTY}
      emptyIcon={<ArrowDownToLine />}
      useRequests={useAdminDeposits}
      exportKind="deposit"
      rowsOf={(page) => page.deposits}
      createdVerb={{ label: t("Submitted"), caption: (when) => t("Submitted {{when}}", { when }) }}
      detail={(deposit) => ({ label: t("Transaction hash"), value: deposit.tx_hash, copyLabel: t("transaction hash") })}
      summaryDetail={(deposit) => ({ label: t("Transaction"), value: deposit.tx_hash })}
      summaryRows={(deposit) => [
        { label: t("Network"), value: deposit.network },
        ...(deposit.sender_address ? [{ label: t("From"), value: deposit.sender_address }] : []),
        ...(deposit.memo ? [{ label: t("Memo"), value: deposit.memo }] : []),
      ]}
      facts={(deposit) => <DepositFacts deposit={deposit} />}
      decidable={(deposit) => deposit.status === "pending" && deposit.source === "manual"}
      note={(deposit) =>
        deposit.duplicate_hash
          ? t("Another deposit already claims this transaction hash. Reject one of them.")
          : deposit.hash_claims > 0
            ? t("Other deposits that filed this hash: {{claims}}. Check who sent the coins before confirming.", { claims: deposit.hash_claims })
            : null
      }
      approveButton={(deposit) => (deposit.duplicate_hash ? null : { icon: <Check aria-hidden />, label: t("Confirm") })}
      approve={() => ({
        title: t("Confirm deposit"),
        description: t(
          "The amount moves from custody to the user's available balance at once. Confirm only a transaction you have seen on the chain; this cannot be undone.",
        ),
        confirmLabel: t("Confirm deposit"),
        onConfirm: async (deposit, user, _value, idempotencyKey) => {
          await confirm.mutateAsync({ id: deposit.id, idempotencyKey });
          const amount = `${showCoin(deposit.amount)} ${deposit.coin}`;
          return {
            title: t("Deposit confirmed"),
            description: user
              ? t("{{amount}} credited to {{username}}.", { amount, username: user.username })
              : t("{{amount}} credited to the user.", { amount }),
          };
        },
      })}
      reject={{
        title: t("Reject deposit"),
        tone: "destructive",
        description: t("Nothing is credited. The user sees your reason and may submit the hash again."),
        field: { kind: "textarea", label: t("Reason"), placeholder: t("e.g. No transaction with this hash reached our address."), maxLength: 500 },
        confirmLabel: t("Reject deposit"),
        onConfirm: async (deposit, user, reason, idempotencyKey) => {
          await reject.mutateAsync({ id: deposit.id, reason, idempotencyKey });
          return {
            title: t("Deposit rejected"),
            description: user ? t("{{username}} will see your reason.", { username: user.username }) : t("The user will see your reason."),
          };
        },
      }}
    />
  );
}
