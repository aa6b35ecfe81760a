import { useState, type ReactNode } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { BadgeCheck, Check, ChevronDown, ExternalLink, X } from "lucide-react";
import { msg, type AdminMerchantApplication, type MerchantApplicationStatus } from "@p2p/shared";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { Pager } from "@/ui/pager";
import { showDateTime } from "@/i18n/format";
import { ActionDialog } from "../components/action-dialog";
import { QueueEmpty, QueueError, QueueSkeleton } from "../components/queue-states";
import { Decision, SummaryRow, Waiting } from "../components/request-parts";
import { SectionHeader } from "../components/section-header";
import { StatusTabs, type StatusOption } from "../components/status-tabs";
import { useNow } from "@/lib/use-now";
import { PEOPLE_PAGE_SIZE, useApproveApplicationMutation, useMerchantApplications, useRejectApplicationMutation } from "./people-data";

const FILTERS: StatusOption<MerchantApplicationStatus>[] = [
  { value: "pending", label: msg("Pending") },
  { value: "approved", label: msg("Approved") },
  { value: "rejected", label: msg("Rejected") },
];

const EMPTY: Record<MerchantApplicationStatus, string> = {
  pending: msg("No applications are waiting. New ones appear here, the oldest first, as soon as a user applies."),
  approved: msg("No application has been approved yet."),
  rejected: msg("No application has been rejected."),
};

/** Applications to become a merchant: read the details and the ID photo, then approve or reject with a reason. */
export default function MerchantApplicationsSection() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<MerchantApplicationStatus>("pending");
  const [page, setPage] = useState(1);
  const applications = useMerchantApplications(status, page);
  const now = useNow();
  const [action, setAction] = useState<{ kind: "approve" | "reject"; application: AdminMerchantApplication } | null>(null);
  const approve = useApproveApplicationMutation();
  const reject = useRejectApplicationMutation();
  const rows = applications.data?.applications ?? [];

  const summary = action && (
    <dl>
      <SummaryRow label={t("Business")}>{action.application.business_name}</SummaryRow>
      <SummaryRow label={t("Applicant")}>{action.application.user.username}</SummaryRow>
      <SummaryRow label={t("Coins")}>{action.application.coins.join(", ")}</SummaryRow>
    </dl>
  );

  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title={t("Merchant applications")}
        description={t(
          "Check the business, the bank account name and the ID photo match before approving. Approval makes the user a merchant at once.",
        )}
        onRefresh={() => applications.refetch()}
        refreshing={applications.isFetching}
      />
      <StatusTabs
        label={t("Application status")}
        options={FILTERS}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      {applications.isPending ? (
        <QueueSkeleton />
      ) : applications.isError ? (
        <QueueError title={t("We couldn't load applications")} message={applications.error.message} onRetry={() => applications.refetch()} />
      ) : rows.length === 0 ? (
        <QueueEmpty icon={<BadgeCheck />} title={status === "pending" ? t("All caught up") : t("Nothing here")} description={t(EMPTY[status])} />
      ) : (
        <ul className="grid gap-3" aria-label={t("Merchant applications")}>
          {rows.map((application) => (
            <ApplicationCard
              key={application.id}
              application={application}
              now={now}
              onApprove={() => setAction({ kind: "approve", application })}
              onReject={() => setAction({ kind: "reject", application })}
            />
          ))}
        </ul>
      )}
      {applications.data && (
        <Pager page={page} pageSize={PEOPLE_PAGE_SIZE} total={applications.data.total} onPageChange={setPage} busy={applications.isPlaceholderData} />
      )}

      <ActionDialog
        open={action?.kind === "approve"}
        onOpenChange={(open) => !open && setAction(null)}
        title={t("Approve application")}
        description={t("The user becomes a merchant at once and is notified. They can then set prices and go online.")}
        summary={summary}
        confirmLabel={t("Approve")}
        onConfirm={async () => {
          const { application } = action!;
          await approve.mutateAsync({ id: application.id });
          return { title: t("Application approved"), description: t("{{username}} is now a merchant.", { username: application.user.username }) };
        }}
      />
      <ActionDialog
        open={action?.kind === "reject"}
        onOpenChange={(open) => !open && setAction(null)}
        title={t("Reject application")}
        tone="destructive"
        description={t("The user sees your reason and may apply again with corrected details.")}
        summary={summary}
        field={{
          kind: "textarea",
          label: t("Reason"),
          placeholder: t("e.g. The account name does not match the ID document."),
          maxLength: 500,
          validate: (v) => (v.length < 3 ? msg("Give a reason (at least 3 characters).") : null),
        }}
        confirmLabel={t("Reject application")}
        onConfirm={async (reason) => {
          const { application } = action!;
          await reject.mutateAsync({ id: application.id, reason });
          return { title: t("Application rejected"), description: t("{{username}} will see your reason.", { username: application.user.username }) };
        }}
      />
    </div>
  );
}

function ApplicationCard({
  application,
  now,
  onApprove,
  onReject,
}: {
  application: AdminMerchantApplication;
  now: number;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(application.status === "pending");
  const detailsId = `application-${application.id}`;
  return (
    <li>
      <Card className="grid gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="truncate font-semibold">{application.business_name}</h3>
            <p className="truncate text-sm text-muted-foreground">
              {application.user.username} · {application.user.email}
            </p>
          </div>
          {application.status === "pending" ? (
            <span className="text-sm text-muted-foreground">
              <Waiting since={application.created_at} now={now} />
            </span>
          ) : (
            <Decision status={application.status} reviewedAt={application.reviewed_at} reason={application.reject_reason} />
          )}
        </div>
        <div className="flex flex-wrap gap-2" aria-label={t("Coins to trade")}>
          {application.coins.map((coin) => (
            <span key={coin} className="inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium">
              <CoinLogo coin={coin} className="size-4" />
              {coin}
            </span>
          ))}
        </div>

        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen(!open)}
          className="inline-flex min-h-11 items-center gap-1 justify-self-start text-sm font-medium sm:min-h-0 text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ChevronDown className={open ? "size-4 rotate-180 transition-transform" : "size-4 transition-transform"} aria-hidden />
          {open ? t("Hide details") : t("Show details")}
        </button>
        {open && (
          <div id={detailsId} className="grid gap-4 md:grid-cols-[minmax(0,1fr)_14rem]">
            <dl className="grid content-start gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
              <Detail label={t("Contact person")}>{application.contact_name}</Detail>
              <Detail label={t("Phone")}>{application.contact_phone}</Detail>
              <Detail label={t("Email")}>{application.contact_email}</Detail>
              <Detail label={t("Bank")}>{application.bank_name}</Detail>
              <Detail label={t("Account number")}>
                <span className="tabular">{application.account_number}</span>
              </Detail>
              <Detail label={t("Account name")}>{application.account_name}</Detail>
              <Detail label={t("Account holder")}>{application.user.full_name}</Detail>
              <Detail label={t("Applied")}>{showDateTime(application.created_at)}</Detail>
            </dl>
            <figure className="grid content-start gap-2">
              <a href={application.id_document_url} target="_blank" rel="noopener" className="block overflow-hidden rounded-lg border bg-muted">
                <img
                  src={application.id_document_url}
                  alt={t("ID document of {{username}}", { username: application.user.username })}
                  className="aspect-[4/3] w-full object-contain"
                />
              </a>
              <figcaption className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                <ExternalLink className="size-3" aria-hidden />
                {t("ID document · opens full size")}
              </figcaption>
            </figure>
          </div>
        )}

        {application.status === "pending" && (
          <div className="flex flex-wrap justify-end gap-2 border-t pt-4">
            <Button variant="outline" size="sm" className="h-11 flex-1 sm:h-8 sm:flex-none" onClick={onReject}>
              <X aria-hidden />
              {t("Reject")}
            </Button>
            <Button size="sm" className="h-11 flex-1 sm:h-8 sm:flex-none" onClick={onApprove}>
              <Check aria-hidden />
              {t("Approve")}
            </Button>
          </div>
        )}
      </Card>
    </li>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words font-medium">{children}</dd>
    </div>
  );
}
