import { useTranslation } from "react-i18next";
import { msg } from "@p2p/shared";
import { Badge } from "@/ui/badge";

type Status = "pending" | "confirmed" | "sent" | "rejected" | "cancelled";

const LOOK: Record<Status, { label: string; variant: "warning" | "success" | "danger" | "muted" }> = {
  pending: { label: msg("Pending"), variant: "warning" },
  confirmed: { label: msg("Confirmed"), variant: "success" },
  sent: { label: msg("Sent"), variant: "success" },
  rejected: { label: msg("Rejected"), variant: "danger" },
  cancelled: { label: msg("Cancelled"), variant: "muted" },
};

/** The status of a deposit or withdrawal request. */
export function RequestStatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation();
  const look = LOOK[status];
  return <Badge variant={look.variant}>{t(look.label)}</Badge>;
}
