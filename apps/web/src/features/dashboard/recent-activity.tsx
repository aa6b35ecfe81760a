import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { ArrowDownLeft, ArrowUpRight, Receipt, RotateCw } from "lucide-react";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type RecentActivityItem } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { EmptyState } from "@/ui/empty-state";
import { Skeleton } from "@/ui/skeleton";
import { translateServerText } from "@/i18n/server-text";
import { showCoin, showDateTime, showNaira } from "@/i18n/format";
import { useDashboardSummary } from "./queries";

const STATUS_VARIANT: Record<string, "success" | "warning" | "danger" | "muted"> = {
  completed: "success",
  pending: "warning",
  cancelled: "danger",
  failed: "danger",
};

/** The API sends the status as a plain string: an order status's name (a key), or the string itself. */
function statusLabel(status: string): string {
  const known = ORDER_STATUSES.find((candidate) => candidate === status);
  return known ? ORDER_STATUS_LABELS[known] : status;
}

/** The 5 latest completed transactions (spec §2 "Recent Activity"). */
export function RecentActivity() {
  const { t } = useTranslation();
  const summary = useDashboardSummary();

  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0">
        <div className="grid min-w-0 gap-1">
          <CardTitle className="text-base">{t("Recent Activity")}</CardTitle>
          <CardDescription>{t("Your latest completed trades")}</CardDescription>
        </div>
        <Button asChild variant="ghost" size="sm" className="h-11 shrink-0 text-primary sm:h-8">
          <Link to="/transaction-history">{t("View all")}</Link>
        </Button>
      </CardHeader>
      <CardContent className="flex-1">
        {summary.isPending ? (
          <ul className="grid gap-4" aria-busy>
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex items-center gap-3">
                <Skeleton className="size-10 rounded-full" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-28" />
                  <Skeleton className="h-3 w-36" />
                </div>
                <Skeleton className="h-4 w-20" />
              </li>
            ))}
          </ul>
        ) : summary.isError ? (
          <EmptyState
            icon={<Receipt />}
            title={t("We couldn't load your recent activity")}
            description={translateServerText(summary.error.message)}
            action={
              <Button variant="outline" size="sm" onClick={() => summary.refetch()}>
                <RotateCw />
                {t("Try again")}
              </Button>
            }
          />
        ) : summary.data.recent_activity.length === 0 ? (
          <EmptyState
            icon={<Receipt />}
            title={t("No transactions yet")}
            description={t("When you complete a trade, it will show up here with its amount and naira total.")}
            action={
              <Button asChild size="sm">
                <Link to="/trade-merchants">{t("Start your first trade")}</Link>
              </Button>
            }
          />
        ) : (
          <ul className="-mx-2 divide-y">
            {summary.data.recent_activity.map((item) => (
              <ActivityRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ActivityRow({ item }: { item: RecentActivityItem }) {
  const { t } = useTranslation();
  const isBuy = item.transaction_type === "buy";
  const Arrow = isBuy ? ArrowDownLeft : ArrowUpRight;
  return (
    <li className="flex items-center gap-3 px-2 py-3">
      <span className="relative shrink-0">
        <CoinLogo coin={item.crypto_type} className="size-10" />
        <span
          className={cn(
            "absolute -bottom-0.5 -end-0.5 inline-flex size-4.5 items-center justify-center rounded-full ring-2 ring-card",
            isBuy ? "bg-emerald-500 text-white" : "bg-rose-500 text-white",
          )}
        >
          <Arrow className="size-3 rtl:-scale-x-100" aria-hidden />
        </span>
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">
          {isBuy ? t("Buy {{coin}}", { coin: item.crypto_type }) : t("Sell {{coin}}", { coin: item.crypto_type })}
        </p>
        <p className="break-all text-xs text-muted-foreground tabular">
          {showCoin(item.amount)} {item.crypto_type}
        </p>
        <p className="truncate text-xs text-muted-foreground">{item.completed_at ? showDateTime(item.completed_at) : t("Not completed")}</p>
      </div>
      <div className="flex min-w-0 max-w-[45%] shrink-0 flex-col items-end gap-1 text-end">
        <p className="max-w-full break-all text-sm font-semibold tabular">{showNaira(item.total_amount)}</p>
        <Badge variant={STATUS_VARIANT[item.status] ?? "muted"} className="max-w-full px-2 py-0 text-[0.6875rem]">
          <span className="truncate">{t(statusLabel(item.status))}</span>
        </Badge>
      </div>
    </li>
  );
}
