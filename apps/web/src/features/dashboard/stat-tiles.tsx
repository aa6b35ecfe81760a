import { useTranslation } from "@/i18n/use-translation";
import { Activity, AlertCircle, ClipboardList, MessagesSquare, RotateCw, Star, type LucideIcon } from "lucide-react";
import { msg, type DashboardSummary } from "@p2p/shared";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { Skeleton } from "@/ui/skeleton";
import { showCount, showScore } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { useDashboardSummary } from "./queries";

type Tile = { label: string; icon: LucideIcon; tint: string; value: (s: DashboardSummary) => string; hint: string };

const TILES: Tile[] = [
  {
    label: msg("Active Orders"),
    icon: ClipboardList,
    tint: "bg-sky-500/12 text-sky-600 dark:text-sky-400",
    value: (s) => showCount(s.active_orders),
    hint: msg("Pending orders"),
  },
  {
    label: msg("Completed Trades"),
    icon: Activity,
    tint: "bg-primary/12 text-primary",
    value: (s) => showCount(s.completed_trades),
    hint: msg("All time"),
  },
  {
    label: msg("Reputation Score"),
    icon: Star,
    tint: "bg-amber-500/15 text-amber-700 dark:text-amber-400",
    value: (s) => showScore(s.reputation_score),
    hint: msg("Average rating out of 5"),
  },
  {
    label: msg("Active Chats"),
    icon: MessagesSquare,
    tint: "bg-violet-500/12 text-violet-600 dark:text-violet-400",
    value: (s) => showCount(s.active_chats),
    hint: msg("Open order conversations"),
  },
];

export function StatTiles() {
  const { t } = useTranslation();
  const summary = useDashboardSummary();

  if (summary.isError) {
    return (
      <Card role="alert" className="flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center">
        <AlertCircle className="size-5 shrink-0 text-destructive" aria-hidden />
        <div className="flex-1">
          <p className="text-sm font-medium">{t("We couldn't load your dashboard stats.")}</p>
          <p className="text-sm text-muted-foreground">{translateServerText(summary.error.message)}</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => summary.refetch()} disabled={summary.isFetching}>
          <RotateCw className={summary.isFetching ? "animate-spin" : undefined} />
          {t("Try again")}
        </Button>
      </Card>
    );
  }

  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy={summary.isPending}>
      {TILES.map((tile) => (
        <li key={tile.label}>
          <Card className="flex h-full min-w-0 flex-col gap-3 p-4 sm:p-5">
            <p className="break-words text-xs font-medium text-muted-foreground sm:text-sm">{t(tile.label)}</p>
            <div className="mt-auto flex items-end justify-between gap-2">
              {summary.data ? (
                <p className="min-w-0 break-all text-2xl font-bold tracking-tight tabular sm:text-3xl">{tile.value(summary.data)}</p>
              ) : (
                <Skeleton className="h-8 w-16 sm:h-9" />
              )}
              <span className={`inline-flex size-8 shrink-0 items-center justify-center rounded-lg sm:size-9 ${tile.tint}`}>
                <tile.icon className="size-4" aria-hidden />
              </span>
            </div>
            <p className="hidden text-xs text-muted-foreground sm:block">{t(tile.hint)}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
