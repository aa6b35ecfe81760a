import { Link } from "react-router";
import { ArrowDownLeft, ArrowUpRight, Receipt, RotateCw } from "lucide-react";
import type { RecentActivityItem } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { EmptyState } from "@/ui/empty-state";
import { Skeleton } from "@/ui/skeleton";
import { formatCoinAmount, formatDateTime, formatNaira } from "./format";
import { useDashboardSummary } from "./queries";

const STATUS_VARIANT: Record<string, "success" | "warning" | "danger" | "muted"> = {
  completed: "success",
  pending: "warning",
  cancelled: "danger",
  failed: "danger",
};

const titleCase = (value: string) => value.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());

/** The 5 latest completed transactions (spec §2 "Recent Activity"). */
export function RecentActivity() {
  const summary = useDashboardSummary();

  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1">
          <CardTitle className="text-base">Recent Activity</CardTitle>
          <CardDescription>Your latest completed trades</CardDescription>
        </div>
        <Button asChild variant="ghost" size="sm" className="shrink-0 text-primary">
          <Link to="/transaction-history">View all</Link>
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
            title="We couldn't load your recent activity"
            description={summary.error.message}
            action={
              <Button variant="outline" size="sm" onClick={() => summary.refetch()}>
                <RotateCw />
                Try again
              </Button>
            }
          />
        ) : summary.data.recent_activity.length === 0 ? (
          <EmptyState
            icon={<Receipt />}
            title="No transactions yet"
            description="When you complete a trade, it will show up here with its amount and naira total."
            action={
              <Button asChild size="sm">
                <Link to="/trade-merchants">Start your first trade</Link>
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
  const isBuy = item.transaction_type === "buy";
  const Arrow = isBuy ? ArrowDownLeft : ArrowUpRight;
  return (
    <li className="flex items-center gap-3 px-2 py-3">
      <span className="relative shrink-0">
        <CoinLogo coin={item.crypto_type} className="size-10" />
        <span
          className={cn(
            "absolute -bottom-0.5 -right-0.5 inline-flex size-4.5 items-center justify-center rounded-full ring-2 ring-card",
            isBuy ? "bg-emerald-500 text-white" : "bg-rose-500 text-white",
          )}
        >
          <Arrow className="size-3" aria-hidden />
        </span>
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">
          {isBuy ? "Buy" : "Sell"} {item.crypto_type}
        </p>
        <p className="truncate text-xs text-muted-foreground tabular">
          {formatCoinAmount(item.amount)} {item.crypto_type}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          {item.completed_at ? formatDateTime(item.completed_at) : "Not completed"}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 text-right">
        <p className="text-sm font-semibold tabular">{formatNaira(item.total_amount)}</p>
        <Badge variant={STATUS_VARIANT[item.status] ?? "muted"} className="px-2 py-0 text-[0.6875rem]">
          {titleCase(item.status)}
        </Badge>
      </div>
    </li>
  );
}
