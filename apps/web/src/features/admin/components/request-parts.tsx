import type { ReactNode } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { Clock } from "lucide-react";
import { msg } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { Badge } from "@/ui/badge";
import { CoinLogo } from "@/ui/coin-logo";
import { translateServerText } from "@/i18n/server-text";
import { showCoin, showDateTime } from "@/i18n/format";
import { formatAge, isOverdue } from "../format";

/** The coin and amount that lead a deposit or withdrawal row. */
export function AmountCell({ coin, amount, caption }: { coin: string; amount: string; caption: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <CoinLogo coin={coin} className="size-10" />
      <div className="min-w-0">
        <p className="truncate font-semibold tabular">
          {showCoin(amount)} <span className="text-muted-foreground">{coin}</span>
        </p>
        <div className="text-xs text-muted-foreground">{caption}</div>
      </div>
    </div>
  );
}

/** How long a pending request has waited; amber once it is over an hour. */
export function Waiting({ since, now }: { since: string; now: number }) {
  const { t } = useTranslation();
  const late = isOverdue(since, now);
  const age = formatAge(since, now);
  return (
    <span
      title={showDateTime(since)}
      className={cn("inline-flex items-center gap-1 tabular", late && "font-medium text-amber-700 dark:text-amber-300")}
    >
      <Clock className="size-3" aria-hidden />
      {age === null ? t("just now") : t("waiting {{age}}", { age })}
    </span>
  );
}

/** A request's status as the API names it: its badge and its words. */
const STATUS: Record<string, { variant: "success" | "warning" | "danger" | "muted"; label: string }> = {
  pending: { variant: "warning", label: msg("Pending") },
  confirmed: { variant: "success", label: msg("Confirmed") },
  approved: { variant: "success", label: msg("Approved") },
  sent: { variant: "success", label: msg("Sent") },
  rejected: { variant: "danger", label: msg("Rejected") },
  cancelled: { variant: "muted", label: msg("Cancelled") },
  confirming: { variant: "warning", label: msg("Confirming") },
  dropped: { variant: "muted", label: msg("Dropped") },
};

/** A decided request: its status, when, and the reason given for a rejection. */
export function Decision({ status, reviewedAt, reason }: { status: string; reviewedAt: string | null; reason: string | null }) {
  const { t } = useTranslation();
  const known = STATUS[status];
  return (
    <div className="grid justify-items-start gap-1 sm:justify-items-end sm:text-end">
      <Badge variant={known?.variant ?? "muted"}>{known ? t(known.label) : translateServerText(status)}</Badge>
      {reviewedAt && <span className="text-xs text-muted-foreground">{showDateTime(reviewedAt)}</span>}
      {reason && <span className="max-w-64 break-words text-xs text-muted-foreground">{t("“{{reason}}”", { reason })}</span>}
    </div>
  );
}

/** A labelled line in a confirmation dialog's summary. */
export function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-1 sm:flex-row sm:gap-3">
      <dt className="w-28 shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words font-medium">{children}</dd>
    </div>
  );
}
