import { BarChart3, Minus, RotateCw, TrendingDown, TrendingUp } from "lucide-react";
import { MESSAGES, type CoinActivity, type Trend } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { EmptyState } from "@/ui/empty-state";
import { Skeleton } from "@/ui/skeleton";
import { formatPercent } from "./format";
import { useCoinAnalytics } from "./queries";

const TREND: Record<Trend, { label: string; variant: "success" | "danger" | "muted"; icon: typeof TrendingUp }> = {
  bullish: { label: "Bullish", variant: "success", icon: TrendingUp },
  bearish: { label: "Bearish", variant: "danger", icon: TrendingDown },
  neutral: { label: "Neutral", variant: "muted", icon: Minus },
};

/** Buy/sell share per coin over the last 24 h of completed trades (spec §4); refreshes every 5 minutes. */
export function CoinAnalyticsPanel() {
  const analytics = useCoinAnalytics();

  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1">
          <CardTitle className="text-base">Coin Analytics</CardTitle>
          <CardDescription>Buy and sell share of completed trades, last 24 hours</CardDescription>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0"
          aria-label="Refresh coin analytics"
          onClick={() => analytics.refetch()}
          disabled={analytics.isFetching}
        >
          <RotateCw className={analytics.isFetching ? "animate-spin" : undefined} />
        </Button>
      </CardHeader>
      <CardContent className="flex-1">
        {analytics.isPending ? (
          <ul className="grid gap-5" aria-busy>
            {[0, 1, 2].map((i) => (
              <li key={i} className="grid gap-2">
                <div className="flex items-center gap-3">
                  <Skeleton className="size-8 rounded-full" />
                  <Skeleton className="h-4 w-20" />
                  <Skeleton className="ml-auto h-5 w-16 rounded-full" />
                </div>
                <Skeleton className="h-2 w-full rounded-full" />
              </li>
            ))}
          </ul>
        ) : analytics.isError ? (
          <EmptyState
            icon={<BarChart3 />}
            title="Coin analytics are unavailable right now"
            description="We'll try again automatically in a few minutes."
            action={
              <Button variant="outline" size="sm" onClick={() => analytics.refetch()}>
                Try again
              </Button>
            }
          />
        ) : analytics.data.coins.length === 0 ? (
          <EmptyState icon={<BarChart3 />} title={MESSAGES.coinAnalyticsEmpty} description="Trends appear here as soon as trades complete." />
        ) : (
          <ul className="grid gap-5">
            {analytics.data.coins.map((row) => (
              <CoinRow key={row.crypto_type} row={row} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function CoinRow({ row }: { row: CoinActivity }) {
  const trend = TREND[row.trend];
  const total = row.buys + row.sells;
  return (
    <li className="grid gap-2">
      <div className="flex items-center gap-3">
        <CoinLogo coin={row.crypto_type} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{row.crypto_type}</p>
          <p className="text-xs text-muted-foreground tabular">
            {total} {total === 1 ? "trade" : "trades"}
          </p>
        </div>
        <Badge variant={trend.variant}>
          <trend.icon className="size-3" aria-hidden />
          {trend.label}
        </Badge>
      </div>
      <div
        className="flex h-2 overflow-hidden rounded-full bg-muted"
        role="img"
        aria-label={`${row.crypto_type}: ${formatPercent(row.buy_percent)} buys, ${formatPercent(row.sell_percent)} sells`}
      >
        <div className="bg-emerald-500" style={{ width: `${row.buy_percent}%` }} />
        <div className="bg-rose-500" style={{ width: `${row.sell_percent}%` }} />
      </div>
      <div className="flex justify-between text-xs tabular">
        <span className="text-emerald-700 dark:text-emerald-400">
          Buy {formatPercent(row.buy_percent)} <span className="text-muted-foreground">({row.buys})</span>
        </span>
        <span className="text-rose-700 dark:text-rose-400">
          Sell {formatPercent(row.sell_percent)} <span className="text-muted-foreground">({row.sells})</span>
        </span>
      </div>
    </li>
  );
}
