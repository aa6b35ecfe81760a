import { useTranslation } from "@/i18n/use-translation";
import { msg, type Deposit, type Withdrawal } from "@p2p/shared";
import { Badge } from "@/ui/badge";

type Status = Deposit["status"] | Withdrawal["status"];

const LOOK: Record<Status, { label: string; variant: "warning" | "success" | "danger" | "muted" }> = {
  pending: { label: msg("Pending"), variant: "warning" },
  confirming: { label: msg("Confirming"), variant: "warning" },
  approved: { label: msg("Approved"), variant: "warning" },
  verifying: { label: msg("Verifying"), variant: "warning" },
  dropped: { label: msg("Dropped"), variant: "muted" },
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
