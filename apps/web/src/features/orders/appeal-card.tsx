import { Gavel } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { msg, type Order } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/ui/card";
import { showDateTime } from "@/i18n/format";

type Appeal = NonNullable<Order["appeal"]>;
type Outcome = NonNullable<Appeal["outcome"]>;

const OUTCOME: Record<Outcome, { label: string; variant: "success" | "danger" | "muted"; text: string }> = {
  release: { label: msg("Released to buyer"), variant: "success", text: msg("The admin released the coins to the buyer.") },
  refund: { label: msg("Refunded to seller"), variant: "danger", text: msg("The admin returned the coins to the seller.") },
  withdrawn: { label: msg("Withdrawn"), variant: "muted", text: msg("The appeal was withdrawn and the trade carried on.") },
};

/** The latest appeal on the order: who opened it and why, and the admin's decision once made. */
export function AppealCard({ appeal, viewerId, counterpartyName }: { appeal: Appeal; viewerId?: string; counterpartyName?: string }) {
  const { t } = useTranslation();
  const opener = counterpartyName ?? t("the other party");
  const openedBy =
    appeal.opened_by === null
      ? t("Opened automatically by the system")
      : appeal.opened_by === viewerId
        ? t("You opened this appeal")
        : t("Opened by {{name}}", { name: opener });
  const outcome = appeal.outcome ? OUTCOME[appeal.outcome] : null;

  return (
    <Card className={outcome ? undefined : "border-amber-500/40"}>
      <CardHeader className="flex-row items-center justify-between gap-3 space-y-0 pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Gavel className="size-4 text-amber-700 dark:text-amber-400" aria-hidden />
          {t("Appeal")}
        </CardTitle>
        <Badge variant={outcome?.variant ?? "warning"}>{outcome ? t(outcome.label) : t("Under review")}</Badge>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div>
          <p className="text-muted-foreground">
            {openedBy} · <time dateTime={appeal.created_at}>{showDateTime(appeal.created_at)}</time>
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words rounded-lg bg-muted/60 p-3">{appeal.reason}</p>
        </div>
        {outcome && (
          <div>
            <p className="font-medium">{t(outcome.text)}</p>
            {appeal.resolution_reason && (
              <p className="mt-1 whitespace-pre-wrap break-words rounded-lg bg-muted/60 p-3">{appeal.resolution_reason}</p>
            )}
            {appeal.resolved_at && (
              <p className="mt-1 text-xs text-muted-foreground">
                <time dateTime={appeal.resolved_at}>{showDateTime(appeal.resolved_at)}</time>
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
