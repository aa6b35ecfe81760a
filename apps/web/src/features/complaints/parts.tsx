import {
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_STATUS_LABELS,
  type ComplaintListItem,
  type ComplaintStatus,
} from "@p2p/shared";
import { Badge } from "@/ui/badge";
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
export const PRIORITY_LABELS: Record<ComplaintPriority, string> = { low: "Low", medium: "Medium", high: "High", urgent: "Urgent" };

export function ComplaintStatusBadge({ status }: { status: ComplaintStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{COMPLAINT_STATUS_LABELS[status]}</Badge>;
}

export function PriorityBadge({ priority }: { priority: ComplaintPriority }) {
  return (
    <Badge variant={PRIORITY_VARIANT[priority]} className="font-normal">
      {PRIORITY_LABELS[priority]} priority
    </Badge>
  );
}

export const categoryLabel = (c: ComplaintListItem["category"]) => COMPLAINT_CATEGORY_LABELS[c];

const dateFormat = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
export const formatWhen = (iso: string) => dateFormat.format(new Date(iso));
