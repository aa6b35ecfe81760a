import { lazy, Suspense, useState } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { LineChart, RotateCw } from "lucide-react";
import { formatUnits, msg, parseNaira } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { EmptyState } from "@/ui/empty-state";
import { Skeleton } from "@/ui/skeleton";
import { showNaira, showPercent } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { usePriceHistory, type PricePoint } from "./queries";

const PriceChart = lazy(() => import("./price-chart"));

const RANGES = [
  { days: 1, label: msg("24H") },
  { days: 7, label: msg("7D") },
  { days: 30, label: msg("30D") },
  { days: 90, label: msg("90D") },
] as const;

type Stats = { last: string; high: string; low: string; changePercent: string | null };

/** Last, high, low and the change from the first to the last trade, compared as kobo. */
function statsOf(points: PricePoint[]): Stats | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  let high = first;
  let low = first;
  for (const p of points) {
    if (parseNaira(p.price) > parseNaira(high.price)) high = p;
    if (parseNaira(p.price) < parseNaira(low.price)) low = p;
  }
  const from = parseNaira(first.price);
  const basisPoints = from > 0n ? ((parseNaira(last.price) - from) * 10_000n) / from : null;
  return {
    last: last.price,
    high: high.price,
    low: low.price,
    changePercent: points.length > 1 && basisPoints !== null ? formatUnits(basisPoints, 2) : null,
  };
}

/** The chart of completed-trade prices for one coin, with a range switch and its key numbers. */
export function PriceHistoryCard({ symbol }: { symbol: string }) {
  const [days, setDays] = useState<number>(7);
  const { t } = useTranslation();
  const history = usePriceHistory(symbol, days);
  const points = history.data?.symbol === symbol ? history.data.points : undefined;
  const stats = points ? statsOf(points) : null;
  const chosen = RANGES.find((r) => r.days === days) ?? RANGES[1];

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <CardTitle className="text-base">{t("{{coin}} trade prices", { coin: symbol })}</CardTitle>
          <CardDescription>
            {days === 1
              ? t("Naira price per coin of every completed trade, last 24 hours")
              : t("Naira price per coin of every completed trade, last {{count}} days", { count: days })}
          </CardDescription>
        </div>
        <div role="group" aria-label={t("Chart range")} className="inline-flex self-start rounded-lg bg-muted p-1">
          {RANGES.map((range) => (
            <button
              key={range.days}
              type="button"
              aria-pressed={days === range.days}
              onClick={() => setDays(range.days)}
              className={cn(
                "h-9 min-w-11 rounded-md px-3 text-xs font-semibold text-muted-foreground transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                days === range.days && "bg-background text-foreground shadow-sm",
              )}
            >
              {t(range.label)}
            </button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {stats && (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Stat label={t("Last trade")} value={showNaira(stats.last)} />
            <Stat
              label={t("Change ({{range}})", { range: t(chosen.label) })}
              value={
                stats.changePercent === null ? "–" : `${stats.changePercent.startsWith("-") ? "" : "+"}${showPercent(Number(stats.changePercent))}`
              }
              tone={stats.changePercent === null ? undefined : stats.changePercent.startsWith("-") ? "down" : "up"}
            />
            <Stat label={t("High")} value={showNaira(stats.high)} />
            <Stat label={t("Low")} value={showNaira(stats.low)} />
          </dl>
        )}
        {history.isPending || (!points && history.isFetching) ? (
          <Skeleton className="h-64 w-full sm:h-80" />
        ) : history.isError && !points ? (
          <EmptyState
            role="alert"
            icon={<LineChart />}
            title={t("We couldn't load the price history")}
            description={translateServerText(history.error.message)}
            action={
              <Button variant="outline" size="sm" onClick={() => history.refetch()}>
                <RotateCw />
                {t("Try again")}
              </Button>
            }
          />
        ) : !points || points.length === 0 ? (
          <EmptyState
            icon={<LineChart />}
            title={
              days === 1
                ? t("No completed {{coin}} trades in the last 24 hours", { coin: symbol })
                : t("No completed {{coin}} trades in the last {{count}} days", { coin: symbol, count: days })
            }
            description={days < 90 ? t("Try a longer range, or check back once trades complete.") : t("The chart fills in as trades complete.")}
          />
        ) : (
          <div className={cn("transition-opacity", history.isPlaceholderData && "opacity-60")}>
            <Suspense fallback={<Skeleton className="h-64 w-full sm:h-80" />}>
              <PriceChart points={points} symbol={symbol} days={days} />
            </Suspense>
            <p className="mt-2 text-xs text-muted-foreground tabular">{t("{{count}} completed trades", { count: points.length })}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Stat({ label, value, tone }: { label: string; value: string; tone?: "up" | "down" }) {
  return (
    <div className="grid min-w-0 gap-0.5 rounded-lg bg-muted/50 p-3">
      <dt className="break-words text-xs text-muted-foreground">{label}</dt>
      <dd
        className={cn(
          "break-all text-sm font-semibold tabular sm:text-base",
          tone === "up" && "text-emerald-700 dark:text-emerald-400",
          tone === "down" && "text-rose-700 dark:text-rose-400",
        )}
      >
        {value}
      </dd>
    </div>
  );
}
