import { useState, type ReactNode } from "react";
import { X } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import type { UseQueryResult } from "@tanstack/react-query";
import type { AdminUser, TransactionKind } from "@p2p/shared";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { Pager } from "@/ui/pager";
import { ActionDialog, type ActionDialogProps } from "./components/action-dialog";
import { CopyValue } from "./components/copy-value";
import { Person } from "./components/person";
import { QueueEmpty, QueueError, QueueSkeleton } from "./components/queue-states";
import { AmountCell, Decision, SummaryRow, Waiting } from "./components/request-parts";
import { ExportCsvButton } from "./components/export-csv-button";
import { SectionHeader } from "./components/section-header";
import { StatusTabs, type StatusOption } from "./components/status-tabs";
import { QUEUE_PAGE_SIZE, useAdminUsers } from "./queries";
import { useSession } from "@/features/auth/queries";
import { showCoin, showDateTime } from "@/i18n/format";
import { isOwnRequest } from "./review-rules";
import { queueOrder } from "./format";
import { useNow } from "@/lib/use-now";

/** What a deposit and a withdrawal have in common, as the queue shows them. */
export type QueueRequest = {
  id: string;
  user_id: string;
  coin: string;
  amount: string;
  status: string;
  created_at: string;
  reviewed_at: string | null;
  reject_reason: string | null;
};

/** One of the two decisions on a request; the person is the one known when the dialog opened. */
export type QueueDialog<T> = Omit<ActionDialogProps, "open" | "onOpenChange" | "summary" | "onConfirm"> & {
  onConfirm: (request: T, user: AdminUser | undefined, value: string, idempotencyKey: string) => Promise<{ title: string; description?: string }>;
};

/** Texts are translated by the section, except `filters` and `empty`: module tables of English keys. */
export type RequestQueueProps<T extends QueueRequest, F extends string, P extends { total: number } = { total: number }> = {
  /** The section title, also the list's accessible name ("Deposits"). */
  title: string;
  description: string;
  /** The accessible name of the status filter. */
  statusLabel: string;
  /** The title of the load failure ("We couldn't load deposits"). */
  loadError: string;
  filters: StatusOption<F>[];
  empty: Record<F, string>;
  emptyIcon: ReactNode;
  /** The list query for a status and page; called as a hook. */
  useRequests: (params: { status: F; page: number }) => UseQueryResult<P>;
  rowsOf: (page: P) => T[];
  /** When the user sent the request: the summary's label ("Submitted") and the row's caption ("Submitted 3 May, 10:00"). */
  createdVerb: { label: string; caption: (when: string) => string };
  /** The copyable value in the row's third column. */
  detail: (request: T) => { label: string; value: string; copyLabel: string };
  /** The value the confirmation summary shows under the amount. */
  summaryDetail: (request: T) => { label: string; value: string };
  /** The button that leads to the positive decision (it may depend on the request), or none. */
  approveButton: (request: T) => { icon: ReactNode; label: string } | null;
  /** The positive decision's dialog for the request whose button was pressed. */
  approve: (request: T) => QueueDialog<T>;
  reject: QueueDialog<T>;
  /** A line under the request's detail ("Awaiting second approval"), or none. */
  note?: (request: T) => string | null;
  /** More about the request under its detail (a deposit's network, sender, memo, explorer link), or none. */
  facts?: (request: T) => ReactNode;
  /** More rows of the confirmation summary, under the detail. */
  summaryRows?: (request: T) => { label: string; value: string }[];
  /** Whether the request awaits a decision here; by default every pending one (an approved withdrawal awaits being sent too). */
  decidable?: (request: T) => boolean;
  /** Whether Reject is offered on a request awaiting a decision (always by default; not once a withdrawal is in a payout batch). */
  canReject?: (request: T) => boolean;
  /** What these requests are in the transactions export: its Export CSV downloads them with the status shown. */
  exportKind: TransactionKind;
};

type Open<T> = { kind: "approve" | "reject"; request: T; user: AdminUser | undefined } | null;

/** A queue of user requests the admins decide on: status tabs, rows, paging and the two decision dialogs. */
export function RequestQueue<T extends QueueRequest, F extends string, P extends { total: number }>(props: RequestQueueProps<T, F, P>) {
  const { t } = useTranslation();
  const { filters, empty, useRequests, rowsOf } = props;
  const [filter, setFilter] = useState<F>(filters[0]!.value);
  const [page, setPage] = useState(1);
  const requests = useRequests({ status: filter, page });
  const rows = queueOrder(requests.data ? rowsOf(requests.data) : [], filter);
  const users = useAdminUsers(rows.map((r) => r.user_id));
  const { data: me } = useSession();
  const now = useNow();
  const [action, setAction] = useState<Open<T>>(null);
  const open = (kind: "approve" | "reject", request: T) => setAction({ kind, request, user: users.data?.get(request.user_id) });
  const summary = action && <RequestSummary {...props} request={action.request} user={action.user} />;

  const dialog = (kind: "approve" | "reject", { onConfirm, ...config }: QueueDialog<T>) => (
    <ActionDialog
      {...config}
      open={action?.kind === kind}
      onOpenChange={(isOpen) => !isOpen && setAction(null)}
      summary={summary}
      onConfirm={(value, idempotencyKey) => onConfirm(action!.request, action!.user, value, idempotencyKey)}
    />
  );

  return (
    <div className="flex flex-col gap-4">
      <SectionHeader title={props.title} description={props.description} onRefresh={() => requests.refetch()} refreshing={requests.isFetching}>
        <ExportCsvButton kind="transactions" filters={{ kind: props.exportKind, status: filter === "all" ? undefined : filter }} />
      </SectionHeader>
      <StatusTabs
        label={props.statusLabel}
        options={filters}
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setPage(1);
        }}
      />

      {requests.isPending ? (
        <QueueSkeleton />
      ) : requests.isError ? (
        <QueueError title={props.loadError} message={requests.error.message} onRetry={() => requests.refetch()} />
      ) : rows.length === 0 ? (
        <QueueEmpty
          icon={props.emptyIcon}
          title={filter === "pending" ? t("All caught up") : t("Nothing here")}
          description={t(empty[filter] as string)}
        />
      ) : (
        <Card>
          <ul className="divide-y" aria-label={props.title}>
            {rows.map((request) => (
              <RequestRow
                key={request.id}
                {...props}
                request={request}
                users={users.data}
                own={isOwnRequest(request, me?.id)}
                now={now}
                onApprove={() => open("approve", request)}
                onReject={() => open("reject", request)}
              />
            ))}
          </ul>
        </Card>
      )}
      {requests.data && (
        <Pager page={page} pageSize={QUEUE_PAGE_SIZE} total={requests.data.total} onPageChange={setPage} busy={requests.isPlaceholderData} />
      )}

      {action && dialog("approve", props.approve(action.request))}
      {dialog("reject", props.reject)}
    </div>
  );
}

function RequestRow<T extends QueueRequest>({
  request,
  users,
  now,
  createdVerb,
  detail,
  approveButton,
  note,
  facts,
  decidable = (r) => r.status === "pending",
  canReject,
  own,
  onApprove,
  onReject,
}: Pick<RequestQueueProps<T, string>, "createdVerb" | "detail" | "approveButton" | "note" | "facts" | "decidable" | "canReject"> & {
  request: T;
  users: Map<string, AdminUser> | undefined;
  /** The admin's own request: another admin reviews it (four eyes), so no decision is offered. */
  own: boolean;
  now: number;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const decide = decidable(request);
  const rejectable = canReject ? canReject(request) : true;
  const shown = detail(request);
  const button = approveButton(request);
  const line = note?.(request);
  return (
    <li className="grid gap-3 p-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_13rem] md:items-center md:gap-4">
      <AmountCell
        coin={request.coin}
        amount={request.amount}
        caption={decide ? <Waiting since={request.created_at} now={now} /> : createdVerb.caption(showDateTime(request.created_at))}
      />
      <Person id={request.user_id} users={users} />
      <div className="grid min-w-0 gap-0.5">
        <span className="text-xs text-muted-foreground">{shown.label}</span>
        <CopyValue value={shown.value} label={shown.copyLabel} />
        {line && <span className="text-xs font-medium text-amber-700 dark:text-amber-300">{line}</span>}
        {facts?.(request)}
      </div>
      {decide && own ? (
        <p className="text-sm text-muted-foreground md:text-end">{t("Another admin must review your own request.")}</p>
      ) : decide ? (
        <div className="flex gap-2 md:justify-end">
          {button && (
            <Button size="sm" onClick={onApprove} className="h-11 min-w-0 flex-1 md:h-8 md:flex-none">
              {button.icon}
              <span className="truncate">{button.label}</span>
            </Button>
          )}
          {rejectable && (
            <Button
              size="sm"
              variant="outline"
              onClick={onReject}
              className="h-11 min-w-0 flex-1 text-destructive hover:text-destructive md:h-8 md:flex-none"
            >
              <X aria-hidden />
              <span className="truncate">{t("Reject")}</span>
            </Button>
          )}
        </div>
      ) : (
        <Decision status={request.status} reviewedAt={request.reviewed_at} reason={request.reject_reason} />
      )}
    </li>
  );
}

function RequestSummary<T extends QueueRequest>({
  request,
  user,
  createdVerb,
  summaryDetail,
  summaryRows,
}: Pick<RequestQueueProps<T, string>, "createdVerb" | "summaryDetail" | "summaryRows"> & { request: T; user: AdminUser | undefined }) {
  const { t } = useTranslation();
  const shown = summaryDetail(request);
  return (
    <dl>
      <SummaryRow label={t("User")}>{user ? `${user.username} (${user.email})` : request.user_id}</SummaryRow>
      <SummaryRow label={t("Amount")}>
        {showCoin(request.amount)} {request.coin}
      </SummaryRow>
      <SummaryRow label={shown.label}>
        <span className="break-all font-mono text-xs">{shown.value}</span>
      </SummaryRow>
      {summaryRows?.(request).map((row) => (
        <SummaryRow key={row.label} label={row.label}>
          <span className="break-all font-mono text-xs">{row.value}</span>
        </SummaryRow>
      ))}
      <SummaryRow label={createdVerb.label}>{showDateTime(request.created_at)}</SummaryRow>
    </dl>
  );
}
