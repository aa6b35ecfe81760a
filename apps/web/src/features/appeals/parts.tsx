import { useTranslation } from "@/i18n/use-translation";
import { msg, type AppealSummary } from "@p2p/shared";
import { showDateTime } from "@/i18n/format";
import { Badge } from "@/ui/badge";

/** Label and detail are English keys, translated where shown. */
type Outcome = { label: string; variant: "warning" | "success" | "secondary" | "muted"; detail: string };

/** Where an appeal stands, in words both parties understand. */
export function outcomeOf(appeal: AppealSummary): Outcome {
  const a = appeal.appeal;
  if (a.resolved_at === null) {
    return {
      label: msg("Under review"),
      variant: "warning",
      detail: msg("An admin is reviewing the order. The coins stay in escrow until it is decided."),
    };
  }
  if (a.outcome === "release")
    return { label: msg("Released to buyer"), variant: "success", detail: msg("The admin released the escrowed coins to the buyer.") };
  if (a.outcome === "refund")
    return { label: msg("Refunded to seller"), variant: "secondary", detail: msg("The admin returned the escrowed coins to the seller.") };
  return { label: msg("Withdrawn"), variant: "muted", detail: msg("The appeal was withdrawn and the trade went on.") };
}

export function OutcomeBadge({ appeal }: { appeal: AppealSummary }) {
  const { t } = useTranslation();
  const o = outcomeOf(appeal);
  return <Badge variant={o.variant}>{t(o.label)}</Badge>;
}

export const shortOrderId = (id: string) => `#${id.slice(0, 8).toUpperCase()}`;

export const formatWhen = showDateTime;
