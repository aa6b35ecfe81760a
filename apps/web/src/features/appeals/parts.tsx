import type { AppealSummary } from "@p2p/shared";
import { Badge } from "@/ui/badge";

type Outcome = { label: string; variant: "warning" | "success" | "secondary" | "muted"; detail: string };

/** Where an appeal stands, in words both parties understand. */
export function outcomeOf(appeal: AppealSummary): Outcome {
  const a = appeal.appeal;
  if (a.resolved_at === null) return { label: "Under review", variant: "warning", detail: "An admin is reviewing the order. The coins stay in escrow until it is decided." };
  if (a.outcome === "release") return { label: "Released to buyer", variant: "success", detail: "The admin released the escrowed coins to the buyer." };
  if (a.outcome === "refund") return { label: "Refunded to seller", variant: "secondary", detail: "The admin returned the escrowed coins to the seller." };
  return { label: "Withdrawn", variant: "muted", detail: "The appeal was withdrawn and the trade went on." };
}

export function OutcomeBadge({ appeal }: { appeal: AppealSummary }) {
  const o = outcomeOf(appeal);
  return <Badge variant={o.variant}>{o.label}</Badge>;
}

export const shortOrderId = (id: string) => `#${id.slice(0, 8).toUpperCase()}`;

const dateFormat = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
export const formatWhen = (iso: string) => dateFormat.format(new Date(iso));
