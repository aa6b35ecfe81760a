import { Activity, AlertCircle, ClipboardList, MessagesSquare, RotateCw, Star, type LucideIcon } from "lucide-react";
import type { DashboardSummary } from "@p2p/shared";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { Skeleton } from "@/ui/skeleton";
import { formatScore } from "./format";
import { useDashboardSummary } from "./queries";

type Tile = { label: string; icon: LucideIcon; tint: string; value: (s: DashboardSummary) => string; hint: string };

const TILES: Tile[] = [
  {
    label: "Active Orders",
    icon: ClipboardList,
    tint: "bg-sky-500/12 text-sky-600 dark:text-sky-400",
    value: (s) => String(s.active_orders),
    hint: "Pending orders",
  },
  {
    label: "Completed Trades",
    icon: Activity,
    tint: "bg-primary/12 text-primary",
    value: (s) => String(s.completed_trades),
    hint: "All time",
  },
  {
    label: "Reputation Score",
    icon: Star,
    tint: "bg-amber-500/15 text-amber-700 dark:text-amber-400",
    value: (s) => formatScore(s.reputation_score),
    hint: "Average rating out of 5",
  },
  {
    label: "Active Chats",
    icon: MessagesSquare,
    tint: "bg-violet-500/12 text-violet-600 dark:text-violet-400",
    value: (s) => String(s.active_chats),
    hint: "Open order conversations",
  },
];

export function StatTiles() {
  const summary = useDashboardSummary();

  if (summary.isError) {
    return (
      <Card role="alert" className="flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center">
        <AlertCircle className="size-5 shrink-0 text-destructive" aria-hidden />
        <div className="flex-1">
          <p className="text-sm font-medium">We couldn't load your dashboard stats.</p>
          <p className="text-sm text-muted-foreground">{summary.error.message}</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => summary.refetch()} disabled={summary.isFetching}>
          <RotateCw className={summary.isFetching ? "animate-spin" : undefined} />
          Try again
        </Button>
      </Card>
    );
  }

  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy={summary.isPending}>
      {TILES.map((tile) => (
        <li key={tile.label}>
          <Card className="flex h-full flex-col gap-3 p-4 sm:p-5">
            <p className="text-xs font-medium text-muted-foreground sm:text-sm">{tile.label}</p>
            <div className="flex items-end justify-between gap-2">
              {summary.data ? (
                <p className="text-2xl font-bold tracking-tight tabular sm:text-3xl">{tile.value(summary.data)}</p>
              ) : (
                <Skeleton className="h-8 w-16 sm:h-9" />
              )}
              <span className={`inline-flex size-8 shrink-0 items-center justify-center rounded-lg sm:size-9 ${tile.tint}`}>
                <tile.icon className="size-4" aria-hidden />
              </span>
            </div>
            <p className="hidden text-xs text-muted-foreground sm:block">{tile.hint}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
