import { useTranslation } from "@/i18n/use-translation";
import { COMPLAINT_CATEGORY_LABELS, COMPLAINT_STATUS_LABELS, msg, type ComplaintListItem, type ComplaintStatus } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { i18n } from "@/i18n/i18n";
import { showDateTime } from "@/i18n/format";
import type { ComplaintPriority } from "./queries";

const STATUS_VARIANT: Record<ComplaintStatus, "warning" | "default" | "success" | "muted"> = {
  open: "warning",
  in_review: "default",
  resolved: "success",
  closed: "muted",
};
const PRIORITY_VARIANT: Record<ComplaintPriority, "muted" | "secondary" | "warning" | "danger"> = {
  low: "muted",
  medium: "secondary",
  high: "warning",
  urgent: "danger",
};
/** Translation keys: show them with t(). */
export const PRIORITY_LABELS: Record<ComplaintPriority, string> = {
  low: msg("Low"),
  medium: msg("Medium"),
  high: msg("High"),
  urgent: msg("Urgent"),
};
/** Whole phrases, so each language orders the words its own way. */
const PRIORITY_BADGES: Record<ComplaintPriority, string> = {
  low: msg("Low priority"),
  medium: msg("Medium priority"),
  high: msg("High priority"),
  urgent: msg("Urgent priority"),
};

export function ComplaintStatusBadge({ status }: { status: ComplaintStatus }) {
  const { t } = useTranslation();
  return <Badge variant={STATUS_VARIANT[status]}>{t(COMPLAINT_STATUS_LABELS[status])}</Badge>;
}

export function PriorityBadge({ priority }: { priority: ComplaintPriority }) {
  const { t } = useTranslation();
  return (
    <Badge variant={PRIORITY_VARIANT[priority]} className="font-normal">
      {t(PRIORITY_BADGES[priority])}
    </Badge>
  );
}

/** The category's name in the reader's language. */
export const categoryLabel = (c: ComplaintListItem["category"]) => i18n.t(COMPLAINT_CATEGORY_LABELS[c]);

export const formatWhen = showDateTime;
