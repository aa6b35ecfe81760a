import { useState } from "react";
import { ArrowDownToLine, Check, X } from "lucide-react";
import type { AdminUser, Deposit } from "@p2p/shared";
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
import { useConfirmDepositMutation, useRejectDepositMutation } from "../mutations";
import { QUEUE_PAGE_SIZE, useAdminDeposits, useAdminUsers, type DepositStatus } from "../queries";
import { queueOrder } from "../format";
import { useNow } from "../use-now";

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

/** The open dialog; the person is kept from when it opened, as the queue may refresh under it. */
type Pending = { kind: "confirm" | "reject"; deposit: Deposit; user: AdminUser | undefined } | null;

/** Deposits users reported: confirm once the coins are on chain, or reject with a reason. */
export default function DepositsSection() {
  const [filter, setFilter] = useState<Filter>("pending");
  const [page, setPage] = useState(1);
  const deposits = useAdminDeposits({ status: filter, page });
  const rows = queueOrder(deposits.data?.deposits ?? [], filter);
  const users = useAdminUsers(rows.map((d) => d.user_id));
  const now = useNow();
  const [action, setAction] = useState<Pending>(null);
  const confirm = useConfirmDepositMutation();
  const reject = useRejectDepositMutation();
  const userOf = (deposit: Deposit) => users.data?.get(deposit.user_id);

  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title="Deposits"
        description="Confirm a deposit only after you have seen the transaction reach the platform's address on the chain."
        onRefresh={() => deposits.refetch()}
        refreshing={deposits.isFetching}
      />
      <StatusTabs
        label="Deposit status"
        options={FILTERS}
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setPage(1);
        }}
      />

      {deposits.isPending ? (
        <QueueSkeleton />
      ) : deposits.isError ? (
        <QueueError what="deposits" message={deposits.error.message} onRetry={() => deposits.refetch()} />
      ) : rows.length === 0 ? (
        <QueueEmpty icon={<ArrowDownToLine />} title={filter === "pending" ? "All caught up" : "Nothing here"} description={EMPTY[filter]} />
      ) : (
        <Card>
          <ul className="divide-y" aria-label="Deposits">
            {rows.map((deposit) => (
              <DepositRow
                key={deposit.id}
                deposit={deposit}
                users={users.data}
                now={now}
                onConfirm={() => setAction({ kind: "confirm", deposit, user: userOf(deposit) })}
                onReject={() => setAction({ kind: "reject", deposit, user: userOf(deposit) })}
              />
            ))}
          </ul>
        </Card>
      )}
      {deposits.data && (
        <Pager page={page} pageSize={QUEUE_PAGE_SIZE} total={deposits.data.total} onPageChange={setPage} busy={deposits.isPlaceholderData} />
      )}

      <ActionDialog
        open={action?.kind === "confirm"}
        onOpenChange={(open) => !open && setAction(null)}
        title="Confirm deposit"
        description="The amount moves from custody to the user's available balance at once. Confirm only a transaction you have seen on the chain; this cannot be undone."
        summary={action && <DepositSummary deposit={action.deposit} user={action.user} />}
        confirmLabel="Confirm deposit"
        onConfirm={async (_value, idempotencyKey) => {
          const { deposit, user } = action!;
          await confirm.mutateAsync({ id: deposit.id, idempotencyKey });
          return {
            title: "Deposit confirmed",
            description: `${formatCoinAmount(deposit.amount)} ${deposit.coin} credited to ${user?.username ?? "the user"}.`,
          };
        }}
      />
      <ActionDialog
        open={action?.kind === "reject"}
        onOpenChange={(open) => !open && setAction(null)}
        title="Reject deposit"
        tone="destructive"
        description="Nothing is credited. The user sees your reason and may submit the hash again."
        summary={action && <DepositSummary deposit={action.deposit} user={action.user} />}
        field={{ kind: "textarea", label: "Reason", placeholder: "e.g. No transaction with this hash reached our address.", maxLength: 500 }}
        confirmLabel="Reject deposit"
        onConfirm={async (reason, idempotencyKey) => {
          const { deposit, user } = action!;
          await reject.mutateAsync({ id: deposit.id, reason, idempotencyKey });
          return { title: "Deposit rejected", description: `${user?.username ?? "The user"} will see your reason.` };
        }}
      />
    </div>
  );
}

function DepositRow({
  deposit,
  users,
  now,
  onConfirm,
  onReject,
}: {
  deposit: Deposit;
  users: Map<string, AdminUser> | undefined;
  now: number;
  onConfirm: () => void;
  onReject: () => void;
}) {
  const pending = deposit.status === "pending";
  return (
    <li className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_13rem] md:items-center md:gap-4">
      <AmountCell
        coin={deposit.coin}
        amount={deposit.amount}
        caption={pending ? <Waiting since={deposit.created_at} now={now} /> : `Submitted ${formatDateTime(deposit.created_at)}`}
      />
      <Person id={deposit.user_id} users={users} />
      <div className="grid min-w-0 gap-0.5">
        <span className="text-xs text-muted-foreground">Transaction hash</span>
        <CopyValue value={deposit.tx_hash} label="transaction hash" />
      </div>
      {pending ? (
        <div className="flex gap-2 md:justify-end">
          <Button size="sm" onClick={onConfirm} className="flex-1 md:flex-none">
            <Check aria-hidden />
            Confirm
          </Button>
          <Button size="sm" variant="outline" onClick={onReject} className="flex-1 text-destructive hover:text-destructive md:flex-none">
            <X aria-hidden />
            Reject
          </Button>
        </div>
      ) : (
        <Decision status={deposit.status} reviewedAt={deposit.reviewed_at} reason={deposit.reject_reason} />
      )}
    </li>
  );
}

function DepositSummary({ deposit, user }: { deposit: Deposit; user: AdminUser | undefined }) {
  return (
    <dl>
      <SummaryRow label="User">{user ? `${user.username} (${user.email})` : deposit.user_id}</SummaryRow>
      <SummaryRow label="Amount">
        {formatCoinAmount(deposit.amount)} {deposit.coin}
      </SummaryRow>
      <SummaryRow label="Transaction">
        <span className="break-all font-mono text-xs">{deposit.tx_hash}</span>
      </SummaryRow>
      <SummaryRow label="Submitted">{formatDateTime(deposit.created_at)}</SummaryRow>
    </dl>
  );
}
