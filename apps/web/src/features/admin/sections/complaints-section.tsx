import { useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { CheckCircle2, Eye, MessageSquareWarning, X, XCircle } from "lucide-react";
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_PRIORITIES,
  msg,
  type ComplaintListItem,
  type ComplaintStatus,
} from "@p2p/shared";
import { cn } from "@/lib/cn";
import { ComplaintThread } from "@/features/complaints/complaint-thread";
import { useComplaintStatusMutation, useReplyMutation } from "@/features/complaints/mutations";
import { categoryLabel, ComplaintStatusBadge, formatWhen, PRIORITY_LABELS, PriorityBadge } from "@/features/complaints/parts";
import { ADMIN_COMPLAINTS_PAGE_SIZE, useAdminComplaints, useComplaint, type AdminComplaintFilters } from "@/features/complaints/queries";
import { FilterSelect } from "@/features/orders/list-parts";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { EmptyState } from "@/ui/empty-state";
import { Pager } from "@/ui/pager";
import { Skeleton } from "@/ui/skeleton";
import { ActionDialog } from "../components/action-dialog";
import { QueueEmpty, QueueError, QueueSkeleton } from "../components/queue-states";
import { SectionHeader } from "../components/section-header";
import { StatusTabs, type StatusOption } from "../components/status-tabs";

type StatusFilter = ComplaintStatus | "all";
const STATUS_OPTIONS: StatusOption<StatusFilter>[] = [
  { value: "open", label: msg("Open") },
  { value: "in_review", label: msg("In review") },
  { value: "resolved", label: msg("Resolved") },
  { value: "closed", label: msg("Closed") },
  { value: "all", label: msg("All") },
];
const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

type Move = Exclude<ComplaintStatus, "open">;
/** Each move's button, dialog and success toast; texts are translation keys. */
const MOVE_UI: Record<
  Move,
  { label: string; icon: typeof Eye; variant: "default" | "outline"; needsNote: boolean; description: string; done: string }
> = {
  in_review: {
    label: msg("Start review"),
    icon: Eye,
    variant: "default",
    needsNote: false,
    description: msg("The user is told their complaint is being reviewed."),
    done: msg("Complaint in review"),
  },
  resolved: {
    label: msg("Mark resolved"),
    icon: CheckCircle2,
    variant: "default",
    needsNote: true,
    description: msg("The user sees your note with the resolution. This is final."),
    done: msg("Complaint resolved"),
  },
  closed: {
    label: msg("Close complaint"),
    icon: XCircle,
    variant: "outline",
    needsNote: true,
    description: msg("Close without a resolution (duplicate, no response, out of scope). The user sees your note and can no longer reply."),
    done: msg("Complaint closed"),
  },
};

/** Where a complaint stands, above the buttons that move it on. */
const NOW_AT: Record<ComplaintStatus, string> = {
  open: msg("Now open. Move it to:"),
  in_review: msg("Now in review. Move it to:"),
  resolved: msg("Now resolved. Move it to:"),
  closed: msg("Now closed. Move it to:"),
};

function useQueueParams() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get("page"));
  const statusParam = params.get("status");
  const filters: AdminComplaintFilters & { statusTab: StatusFilter } = {
    statusTab: statusParam === "all" ? "all" : (oneOf(["open", "in_review", "resolved", "closed"] as const, statusParam) ?? "open"),
    priority: oneOf(COMPLAINT_PRIORITIES, params.get("priority")),
    category: oneOf(COMPLAINT_CATEGORIES, params.get("category")),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  filters.status = filters.statusTab === "all" ? undefined : filters.statusTab;
  const update = (key: "status" | "priority" | "category" | "page" | "complaint", value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === "") next.delete(key);
        else next.set(key, value);
        if (key !== "page" && key !== "complaint") next.delete("page");
        return next;
      },
      { replace: true },
    );
  return { filters, selected: params.get("complaint"), update };
}

/** Complaints queue: filter, open one, reply, and move it open → in review → resolved or closed. */
export default function ComplaintsSection() {
  const { t } = useTranslation();
  const { filters, selected, update } = useQueueParams();
  const { statusTab, ...query } = filters;
  const list = useAdminComplaints(query);
  const filtered = Boolean(filters.priority || filters.category);

  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title={t("Complaints")}
        description={t("What users reported, newest first. Open one to read it, reply, and move it along; each step notifies the user.")}
        onRefresh={() => list.refetch()}
        refreshing={list.isFetching}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <StatusTabs
          label={t("Complaint status")}
          options={STATUS_OPTIONS}
          value={statusTab}
          onChange={(v) => update("status", v === "open" ? null : v)}
        />
        <div className="grid grid-cols-2 gap-2 sm:ms-auto sm:flex">
          <FilterSelect label={t("Priority")} value={filters.priority ?? ""} onChange={(v) => update("priority", v)} allLabel={t("Any priority")}>
            {COMPLAINT_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {t(PRIORITY_LABELS[p])}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label={t("Category")} value={filters.category ?? ""} onChange={(v) => update("category", v)} allLabel={t("Any category")}>
            {COMPLAINT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(COMPLAINT_CATEGORY_LABELS[c])}
              </option>
            ))}
          </FilterSelect>
        </div>
      </div>

      <div className="grid gap-4 xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] xl:items-start">
        <div className="flex min-w-0 flex-col gap-3">
          {list.isPending ? (
            <QueueSkeleton rows={3} />
          ) : list.isError ? (
            <QueueError title={t("We couldn't load complaints")} message={list.error.message} onRetry={() => list.refetch()} />
          ) : list.data.complaints.length === 0 ? (
            <QueueEmpty
              icon={<MessageSquareWarning />}
              title={filtered || statusTab !== "open" ? t("No complaints match these filters") : t("No open complaints")}
              description={
                filtered || statusTab !== "open"
                  ? t("Try another status, priority or category.")
                  : t("When a user submits a complaint from their dashboard, it appears here for review.")
              }
            />
          ) : (
            <ul className={cn("flex flex-col gap-2", list.isPlaceholderData && "opacity-60")} aria-label={t("Complaints")}>
              {list.data.complaints.map((c) => (
                <QueueRow key={c.id} complaint={c} active={selected === c.id} onOpen={() => update("complaint", c.id)} />
              ))}
            </ul>
          )}
          {list.data && (
            <Pager
              page={filters.page}
              pageSize={ADMIN_COMPLAINTS_PAGE_SIZE}
              total={list.data.total}
              busy={list.isPlaceholderData}
              onPageChange={(p) => update("page", String(p))}
            />
          )}
        </div>
        <div className="min-w-0 xl:sticky xl:top-24">
          {selected ? (
            <ComplaintPanel id={selected} onClose={() => update("complaint", null)} />
          ) : (
            <Card className="hidden xl:block">
              <EmptyState
                className="py-12"
                icon={<MessageSquareWarning />}
                title={t("No complaint selected")}
                description={t("Pick a complaint from the queue to read it and reply.")}
              />
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}

function QueueRow({ complaint, active, onOpen }: { complaint: ComplaintListItem; active: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={active ? "true" : undefined}
        className={cn(
          "flex w-full flex-col gap-1.5 rounded-xl border bg-card p-3.5 text-start transition-colors hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          active && "border-primary ring-1 ring-primary",
        )}
      >
        <span className="flex items-start justify-between gap-2">
          <span className="min-w-0 truncate text-sm font-semibold">{complaint.subject}</span>
          <span className="shrink-0 whitespace-nowrap">
            <ComplaintStatusBadge status={complaint.status} />
          </span>
        </span>
        <span className="flex flex-wrap items-center gap-2">
          <PriorityBadge priority={complaint.priority} />
          <span className="text-xs text-muted-foreground">{t(categoryLabel(complaint.category))}</span>
        </span>
        <span className="text-xs text-muted-foreground">
          {complaint.user.username} · {formatWhen(complaint.created_at)}
          {complaint.reply_count > 0 && ` · ${t("{{count}} replies", { count: complaint.reply_count })}`}
        </span>
      </button>
    </li>
  );
}

function ComplaintPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useComplaint(id, true);
  const reply = useReplyMutation();
  const move = useComplaintStatusMutation();
  const [moving, setMoving] = useState<Move | null>(null);

  if (detail.isPending) {
    return (
      <Card className="flex flex-col gap-3 p-5">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-24 w-full" />
      </Card>
    );
  }
  if (detail.isError)
    return <QueueError title={t("We couldn't load this complaint")} message={detail.error.message} onRetry={() => detail.refetch()} />;
  const { complaint, next_statuses } = detail.data;
  const ui = moving ? MOVE_UI[moving] : null;

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" aria-label={t("Complaint: {{subject}}", { subject: complaint.subject })}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-muted-foreground">
            <Trans
              i18nKey="From <b>{{username}}</b> · filed {{when}}"
              values={{ username: complaint.user.username, when: formatWhen(complaint.created_at) }}
              components={{ b: <span className="font-medium text-foreground" /> }}
            />
          </p>
        </div>
        <Button variant="ghost" size="icon" className="size-10 shrink-0 sm:size-8" onClick={onClose} aria-label={t("Close this complaint's panel")}>
          <X aria-hidden />
        </Button>
      </div>
      <ComplaintThread detail={detail.data} side="admin" sending={reply.isPending} onSend={(message) => reply.mutateAsync({ id, message })} />
      {next_statuses.length > 0 && (
        <div className="flex flex-col gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-end">
          <p className="text-xs text-muted-foreground sm:me-auto">{t(NOW_AT[complaint.status])}</p>
          {next_statuses.map((s) => {
            const m = MOVE_UI[s as Move];
            const Icon = m.icon;
            return (
              <Button key={s} size="sm" variant={m.variant} className="h-11 sm:h-8" onClick={() => setMoving(s as Move)}>
                <Icon aria-hidden />
                {t(m.label)}
              </Button>
            );
          })}
        </div>
      )}
      <ActionDialog
        open={moving !== null}
        onOpenChange={(open) => !open && setMoving(null)}
        title={ui ? t("{{action}}: {{subject}}", { action: t(ui.label), subject: complaint.subject }) : ""}
        description={ui ? t(ui.description) : ""}
        field={
          ui?.needsNote
            ? {
                kind: "textarea",
                label: t("Note to the user"),
                placeholder: t("e.g. The merchant refunded your payment on 12 March."),
                maxLength: 5000,
              }
            : undefined
        }
        confirmLabel={ui ? t(ui.label) : t("Confirm")}
        onConfirm={async (note) => {
          const status = moving!;
          await move.mutateAsync({ id, status, message: note || undefined });
          return { title: t(MOVE_UI[status].done), description: t("The user has been notified.") };
        }}
      />
    </Card>
  );
}
