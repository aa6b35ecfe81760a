import { Badge } from "@/ui/badge";

type Status = "pending" | "confirmed" | "sent" | "rejected" | "cancelled";

const LOOK: Record<Status, { label: string; variant: "warning" | "success" | "danger" | "muted" }> = {
  pending: { label: "Pending", variant: "warning" },
  confirmed: { label: "Confirmed", variant: "success" },
  sent: { label: "Sent", variant: "success" },
  rejected: { label: "Rejected", variant: "danger" },
  cancelled: { label: "Cancelled", variant: "muted" },
};

/** The status of a deposit or withdrawal request. */
export function RequestStatusBadge({ status }: { status: Status }) {
  const look = LOOK[status];
  return <Badge variant={look.variant}>{look.label}</Badge>;
}
