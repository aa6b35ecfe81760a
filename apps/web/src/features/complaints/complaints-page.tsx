import { useState } from "react";
import { useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "@/i18n/use-translation";
import { ChevronDown, MessageSquareWarning, MessagesSquare, Plus } from "lucide-react";
import { REALTIME_EVENTS, type ComplaintListItem, userTopic } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { useSession } from "@/features/auth/queries";
import { ComplaintDialog } from "@/features/dashboard/complaint-dialog";
import { PagedCardList } from "@/features/orders/paged-card-list";
import { useRealtimeTopic } from "@/features/realtime/realtime-context";
import { translateServerText } from "@/i18n/server-text";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { EmptyState } from "@/ui/empty-state";
import { PageHeader } from "@/ui/page-header";
import { Skeleton } from "@/ui/skeleton";
import { ComplaintThread } from "./complaint-thread";
import { useFollowUpMutation } from "./mutations";
import { categoryLabel, ComplaintStatusBadge, formatWhen, PriorityBadge } from "./parts";
import { complaintKeys, COMPLAINTS_PAGE_SIZE, useComplaint, useMyComplaints } from "./queries";

/** Admin replies and status changes arrive as admin_feedback notifications: refresh the list and thread. */
export function useComplaintLiveUpdates() {
  const session = useSession();
  const qc = useQueryClient();
  useRealtimeTopic(session.data ? userTopic(session.data.id) : null, (e) => {
    if (e.event === REALTIME_EVENTS.notificationCreated && e.payload.type === "admin_feedback") {
      void qc.invalidateQueries({ queryKey: complaintKeys.all });
    }
  });
}

/** /tickets-complaints: the user's complaints, newest first, each opening into its conversation with support. */
export default function ComplaintsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const rawPage = Number(params.get("page"));
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const openId = params.get("open");
  const query = useMyComplaints(page);
  const [filing, setFiling] = useState(false);
  useComplaintLiveUpdates();

  const set = (key: "page" | "open", value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || (key === "page" && value === "1")) next.delete(key);
        else next.set(key, value);
        if (key === "page") next.delete("open");
        return next;
      },
      { replace: true },
    );

  const fileButton = (
    <Button size="sm" className="h-11 sm:h-8" onClick={() => setFiling(true)}>
      <Plus aria-hidden />
      {t("Submit Complaint")}
    </Button>
  );

  return (
    <div className="flex flex-col gap-5 sm:gap-6">
      <PageHeader
        title={t("My Complaints")}
        description={t("Everything you reported to our team, newest first. Open one to read the replies or add a follow-up.")}
        action={fileButton}
      />

      <PagedCardList
        query={query}
        items={(data) => data.complaints}
        label={t("Your complaints")}
        icon={<MessageSquareWarning />}
        loadErrorTitle={t("We couldn't load your complaints")}
        skeleton={<ListSkeleton />}
        empty={
          <EmptyState
            className="py-12"
            icon={<MessageSquareWarning />}
            title={t("No complaints yet")}
            description={t(
              "If something goes wrong with a trade, a payment or the app, tell us here. Our team replies in this page and you get a notification.",
            )}
            action={fileButton}
          />
        }
        page={page}
        pageSize={COMPLAINTS_PAGE_SIZE}
        onPageChange={(next) => set("page", String(next))}
      >
        {(complaint) => (
          <ComplaintCard
            key={complaint.id}
            complaint={complaint}
            open={openId === complaint.id}
            onToggle={() => set("open", openId === complaint.id ? null : complaint.id)}
          />
        )}
      </PagedCardList>

      <ComplaintDialog open={filing} onOpenChange={setFiling} />
    </div>
  );
}

function ComplaintCard({ complaint, open, onToggle }: { complaint: ComplaintListItem; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const panelId = `complaint-${complaint.id}`;
  return (
    <li>
      <Card className="overflow-hidden">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={panelId}
          className="flex w-full flex-col gap-2 px-4 py-4 text-start transition-colors hover:bg-muted/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring sm:px-5"
        >
          <span className="flex items-start justify-between gap-3">
            <span className="min-w-0 break-words font-semibold">{complaint.subject}</span>
            <ChevronDown className={cn("mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-180")} aria-hidden />
          </span>
          <span className="flex flex-wrap items-center gap-2">
            <ComplaintStatusBadge status={complaint.status} />
            <PriorityBadge priority={complaint.priority} />
            <span className="text-xs text-muted-foreground">{categoryLabel(complaint.category)}</span>
          </span>
          <span className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <span>{t("Filed {{date}}", { date: formatWhen(complaint.created_at) })}</span>
            {complaint.updated_at !== complaint.created_at && <span>{t("Updated {{date}}", { date: formatWhen(complaint.updated_at) })}</span>}
            <span className="inline-flex items-center gap-1">
              <MessagesSquare className="size-3.5" aria-hidden />
              {complaint.reply_count === 0 ? t("No reply yet") : t("{{count}} replies", { count: complaint.reply_count })}
            </span>
          </span>
        </button>
        {open && (
          <div id={panelId} className="border-t px-4 py-4 sm:px-5">
            <OpenComplaint id={complaint.id} />
          </div>
        )}
      </Card>
    </li>
  );
}

function OpenComplaint({ id }: { id: string }) {
  const detail = useComplaint(id);
  const followUp = useFollowUpMutation();
  if (detail.isPending) return <Skeleton className="h-32 w-full" />;
  if (detail.isError) return <p className="text-sm text-destructive">{translateServerText(detail.error.message)}</p>;
  return (
    <ComplaintThread
      detail={detail.data}
      side="user"
      showHeader={false}
      sending={followUp.isPending}
      onSend={(message) => followUp.mutateAsync({ id, message })}
    />
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden>
      {[0, 1, 2].map((i) => (
        <Card key={i} className="flex flex-col gap-2 p-4">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
        </Card>
      ))}
    </div>
  );
}
