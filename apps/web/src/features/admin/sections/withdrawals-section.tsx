import { useState } from "react";
import { ArrowUpFromLine, Send, X } from "lucide-react";
import { markWithdrawalSentRequest, type AdminUser, type Withdrawal } from "@p2p/shared";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { Pager } from "@/ui/pager";
import { formatCoinAmount, formatDateTime } from "@/features/dashboard/format";
import { ActionDialog } from "../components/action-dialog";
import { CopyValue } from "../components/copy-value";
import { Person } from "../components/person";
import { QueueEmpty, QueueError, QueueSkeleton } from "../components/queue-states";
import { AmountCell, Decision, SummaryRow, Waiting } from "../components/request-parts";
import { SectionHeader } from "../components/section-header";
import { StatusTabs, type StatusOption } from "../components/status-tabs";
import { queueOrder } from "../format";
import { useMarkWithdrawalSentMutation, useRejectWithdrawalMutation } from "../mutations";
import { QUEUE_PAGE_SIZE, useAdminUsers, useAdminWithdrawals, type WithdrawalStatus } from "../queries";
import { useNow } from "../use-now";

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

/** The open dialog; the person is kept from when it opened, as the queue may refresh under it. */
type Pending = { kind: "sent" | "reject"; withdrawal: Withdrawal; user: AdminUser | undefined } | null;

/** Withdrawals waiting to go out: send the coins, then record the hash; or reject and return them. */
export default function WithdrawalsSection() {
  const [filter, setFilter] = useState<Filter>("pending");
  const [page, setPage] = useState(1);
  const withdrawals = useAdminWithdrawals({ status: filter, page });
  const rows = queueOrder(withdrawals.data?.withdrawals ?? [], filter);
  const users = useAdminUsers(rows.map((w) => w.user_id));
  const now = useNow();
  const [action, setAction] = useState<Pending>(null);
  const markSent = useMarkWithdrawalSentMutation();
  const reject = useRejectWithdrawalMutation();
  const userOf = (withdrawal: Withdrawal) => users.data?.get(withdrawal.user_id);
  const summary = action && <WithdrawalSummary withdrawal={action.withdrawal} user={action.user} />;

  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title="Withdrawals"
        description="Send the coins to the address from the platform wallet first, then mark the withdrawal sent with the chain's transaction hash."
        onRefresh={() => withdrawals.refetch()}
        refreshing={withdrawals.isFetching}
      />
      <StatusTabs
        label="Withdrawal status"
        options={FILTERS}
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setPage(1);
        }}
      />

      {withdrawals.isPending ? (
        <QueueSkeleton />
      ) : withdrawals.isError ? (
        <QueueError what="withdrawals" message={withdrawals.error.message} onRetry={() => withdrawals.refetch()} />
      ) : rows.length === 0 ? (
        <QueueEmpty icon={<ArrowUpFromLine />} title={filter === "pending" ? "All caught up" : "Nothing here"} description={EMPTY[filter]} />
      ) : (
        <Card>
          <ul className="divide-y" aria-label="Withdrawals">
            {rows.map((withdrawal) => (
              <WithdrawalRow
                key={withdrawal.id}
                withdrawal={withdrawal}
                users={users.data}
                now={now}
                onSent={() => setAction({ kind: "sent", withdrawal, user: userOf(withdrawal) })}
                onReject={() => setAction({ kind: "reject", withdrawal, user: userOf(withdrawal) })}
              />
            ))}
          </ul>
        </Card>
      )}
      {withdrawals.data && (
        <Pager page={page} pageSize={QUEUE_PAGE_SIZE} total={withdrawals.data.total} onPageChange={setPage} busy={withdrawals.isPlaceholderData} />
      )}

      <ActionDialog
        open={action?.kind === "sent"}
        onOpenChange={(open) => !open && setAction(null)}
        title="Mark withdrawal sent"
        description="Record the hash of the transaction you sent. The coins leave the user's withdrawing balance for good."
        summary={summary}
        field={{
          kind: "input",
          label: "Transaction hash",
          placeholder: "0x…",
          monospace: true,
          maxLength: 128,
          validate: checkTxHash,
          hint: "Paste it exactly as the chain explorer shows it. The user sees it with their withdrawal.",
        }}
        confirmLabel="Mark as sent"
        onConfirm={async (txHash, idempotencyKey) => {
          const { withdrawal, user } = action!;
          await markSent.mutateAsync({ id: withdrawal.id, txHash, idempotencyKey });
          return {
            title: "Withdrawal marked sent",
            description: `${formatCoinAmount(withdrawal.amount)} ${withdrawal.coin} to ${user?.username ?? "the user"}.`,
          };
        }}
      />
      <ActionDialog
        open={action?.kind === "reject"}
        onOpenChange={(open) => !open && setAction(null)}
        title="Reject withdrawal"
        tone="destructive"
        description="The coins go back to the user's available balance at once, and they see your reason."
        summary={summary}
        field={{ kind: "textarea", label: "Reason", placeholder: "e.g. The address is not a valid address on this network.", maxLength: 500 }}
        confirmLabel="Reject withdrawal"
        onConfirm={async (reason, idempotencyKey) => {
          const { withdrawal, user } = action!;
          await reject.mutateAsync({ id: withdrawal.id, reason, idempotencyKey });
          return {
            title: "Withdrawal rejected",
            description: `${formatCoinAmount(withdrawal.amount)} ${withdrawal.coin} returned to ${user?.username ?? "the user"}.`,
          };
        }}
      />
    </div>
  );
}

function WithdrawalRow({
  withdrawal,
  users,
  now,
  onSent,
  onReject,
}: {
  withdrawal: Withdrawal;
  users: Map<string, AdminUser> | undefined;
  now: number;
  onSent: () => void;
  onReject: () => void;
}) {
  const pending = withdrawal.status === "pending";
  return (
    <li className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_13rem] md:items-center md:gap-4">
      <AmountCell
        coin={withdrawal.coin}
        amount={withdrawal.amount}
        caption={pending ? <Waiting since={withdrawal.created_at} now={now} /> : `Requested ${formatDateTime(withdrawal.created_at)}`}
      />
      <Person id={withdrawal.user_id} users={users} />
      <div className="grid min-w-0 gap-0.5">
        <span className="text-xs text-muted-foreground">{withdrawal.tx_hash ? "Sent in" : "To address"}</span>
        <CopyValue
          value={withdrawal.tx_hash ?? withdrawal.address}
          label={withdrawal.tx_hash ? "transaction hash" : "destination address"}
        />
      </div>
      {pending ? (
        <div className="flex gap-2 md:justify-end">
          <Button size="sm" onClick={onSent} className="flex-1 md:flex-none">
            <Send aria-hidden />
            Mark sent
          </Button>
          <Button size="sm" variant="outline" onClick={onReject} className="flex-1 text-destructive hover:text-destructive md:flex-none">
            <X aria-hidden />
            Reject
          </Button>
        </div>
      ) : (
        <Decision status={withdrawal.status} reviewedAt={withdrawal.reviewed_at} reason={withdrawal.reject_reason} />
      )}
    </li>
  );
}

function WithdrawalSummary({ withdrawal, user }: { withdrawal: Withdrawal; user: AdminUser | undefined }) {
  return (
    <dl>
      <SummaryRow label="User">{user ? `${user.username} (${user.email})` : withdrawal.user_id}</SummaryRow>
      <SummaryRow label="Amount">
        {formatCoinAmount(withdrawal.amount)} {withdrawal.coin}
      </SummaryRow>
      <SummaryRow label="To address">
        <span className="break-all font-mono text-xs">{withdrawal.address}</span>
      </SummaryRow>
      <SummaryRow label="Requested">{formatDateTime(withdrawal.created_at)}</SummaryRow>
    </dl>
  );
}
