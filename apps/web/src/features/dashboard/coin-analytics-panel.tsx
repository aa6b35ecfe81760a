import { useTranslation } from "@/i18n/use-translation";
import { BarChart3, Minus, RotateCw, TrendingDown, TrendingUp } from "lucide-react";
import { MESSAGES, msg, type CoinActivity, type Trend } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { EmptyState } from "@/ui/empty-state";
import { Skeleton } from "@/ui/skeleton";
import { showCount, showPercent } from "@/i18n/format";
import { useCoinAnalytics } from "./queries";

const TREND: Record<Trend, { label: string; variant: "success" | "danger" | "muted"; icon: typeof TrendingUp }> = {
  bullish: { label: msg("Bullish"), variant: "success", icon: TrendingUp },
  bearish: { label: msg("Bearish"), variant: "danger", icon: TrendingDown },
  neutral: { label: msg("Neutral"), variant: "muted", icon: Minus },
};

/** Buy/sell share per coin over the last 24 h of completed trades (spec §4); refreshes every 5 minutes. */
export function CoinAnalyticsPanel() {
  const { t } = useTranslation();
  const analytics = useCoinAnalytics();

  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0">
        <div className="grid min-w-0 gap-1">
          <CardTitle className="text-base">{t("Coin Analytics")}</CardTitle>
          <CardDescription>{t("Buy and sell share of completed trades, last 24 hours")}</CardDescription>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-11 shrink-0 sm:size-8"
          aria-label={t("Refresh coin analytics")}
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
                  <Skeleton className="ms-auto h-5 w-16 rounded-full" />
                </div>
                <Skeleton className="h-2 w-full rounded-full" />
              </li>
            ))}
          </ul>
        ) : analytics.isError ? (
          <EmptyState
            icon={<BarChart3 />}
            title={t("Coin analytics are unavailable right now")}
            description={t("We'll try again automatically in a few minutes.")}
            action={
              <Button variant="outline" size="sm" onClick={() => analytics.refetch()}>
                {t("Try again")}
              </Button>
            }
          />
        ) : analytics.data.coins.length === 0 ? (
          <EmptyState icon={<BarChart3 />} title={t(MESSAGES.coinAnalyticsEmpty)} description={t("Trends appear here as soon as trades complete.")} />
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
  const { t } = useTranslation();
  const trend = TREND[row.trend];
  const total = row.buys + row.sells;
  return (
    <li className="grid gap-2">
      <div className="flex items-center gap-3">
        <CoinLogo coin={row.crypto_type} className="shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{row.crypto_type}</p>
          <p className="truncate text-xs text-muted-foreground tabular">{t("{{count}} trades", { count: total })}</p>
        </div>
        <Badge variant={trend.variant} className="min-w-0 max-w-[50%] shrink">
          <trend.icon className="size-3 shrink-0" aria-hidden />
          <span className="truncate">{t(trend.label)}</span>
        </Badge>
      </div>
      <div
        className="flex h-2 overflow-hidden rounded-full bg-muted"
        role="img"
        aria-label={t("{{coin}}: {{buys}} buys, {{sells}} sells", {
          coin: row.crypto_type,
          buys: showPercent(row.buy_percent),
          sells: showPercent(row.sell_percent),
        })}
      >
        <div className="bg-emerald-500" style={{ width: `${row.buy_percent}%` }} />
        <div className="bg-rose-500" style={{ width: `${row.sell_percent}%` }} />
      </div>
      <div className="flex flex-wrap justify-between gap-x-3 text-xs tabular">
        <span className="text-emerald-700 dark:text-emerald-400">
          {t("Buy {{percent}}", { percent: showPercent(row.buy_percent) })} <span className="text-muted-foreground">({showCount(row.buys)})</span>
        </span>
        <span className="text-rose-700 dark:text-rose-400">
          {t("Sell {{percent}}", { percent: showPercent(row.sell_percent) })} <span className="text-muted-foreground">({showCount(row.sells)})</span>
        </span>
      </div>
    </li>
  );
}
