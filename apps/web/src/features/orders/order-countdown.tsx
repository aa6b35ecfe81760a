import { useEffect, useRef } from "react";
import { Hourglass } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import type { Order, TradeSide } from "@p2p/shared";
import { showTime } from "@/i18n/format";
import { cn } from "@/lib/cn";
import { formatCountdown } from "./format";
import { WINDOW_TITLE, windowConsequence } from "./order-view";
import { useNow } from "@/lib/use-now";

const URGENT_MS = 5 * 60_000;
const CRITICAL_MS = 60_000;

type OrderCountdownProps = {
  deadline: NonNullable<Order["deadline"]>;
  side: TradeSide;
  isCreator: boolean;
  /** Called once when the window ends, so the page can fetch what the timer did. */
  onExpired: () => void;
};

/** The running window's countdown, ticking every second, and what happens when it runs out. */
export function OrderCountdown({ deadline, side, isCreator, onExpired }: OrderCountdownProps) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const endsAt = new Date(deadline.ends_at).getTime();
  const remaining = endsAt - now;
  const expired = remaining <= 0;

  const fired = useRef<string | null>(null);
  useEffect(() => {
    if (expired && fired.current !== deadline.ends_at) {
      fired.current = deadline.ends_at;
      onExpired();
    }
  }, [expired, deadline.ends_at, onExpired]);

  return (
    <div
      className={cn(
        "rounded-lg border p-4",
        expired || remaining < CRITICAL_MS
          ? "border-destructive/40 bg-destructive/8"
          : remaining < URGENT_MS
            ? "border-amber-500/40 bg-amber-500/8"
            : "border-primary/25 bg-primary/6",
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm font-medium">
          <Hourglass className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          {t(WINDOW_TITLE[deadline.window])}
        </p>
        <p
          role="timer"
          aria-label={t("{{window}}: ends at {{time}}", { window: t(WINDOW_TITLE[deadline.window]), time: showTime(deadline.ends_at) })}
          className={cn(
            "font-mono text-2xl font-bold tabular sm:text-3xl",
            expired || remaining < CRITICAL_MS
              ? "text-destructive"
              : remaining < URGENT_MS
                ? "text-amber-700 dark:text-amber-400"
                : "text-foreground",
          )}
        >
          {formatCountdown(remaining)}
        </p>
      </div>
      <p className="mt-2 text-sm text-muted-foreground">
        {expired
          ? t("Time is up. The order is being updated; this page refreshes on its own.")
          : t("{{consequence}} Ends at {{time}}.", {
              consequence: windowConsequence(deadline.window, side, isCreator),
              time: showTime(deadline.ends_at),
            })}
      </p>
    </div>
  );
}
