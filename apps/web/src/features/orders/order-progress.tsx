import { AlertTriangle, Check, X } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import type { Order, OrderStatus } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { Card, CardContent, CardHeader, CardTitle } from "@/ui/card";
import { showDateTime } from "@/i18n/format";
import { isClosed } from "./queries";
import { PROGRESS_STEPS, STATUS_META } from "./order-view";

type StepState = "done" | "next" | "stopped" | "upcoming";

/** When each step was reached, from the order's own timestamps (confirmation and release commit together). */
const REACHED_AT: Partial<Record<OrderStatus, (order: Order) => string | null>> = {
  pending: (o) => o.created_at,
  matched: (o) => o.accepted_at,
  in_progress: (o) => o.paid_at,
  confirmed: (o) => o.completed_at,
  completed: (o) => o.completed_at,
};

/**
 * The 5 steps of STATUS_STEP. Reached steps are ticked; the one after is where the trade waits now,
 * or where it stopped: cancelled (red) or under appeal (amber).
 */
export function OrderProgress({ order }: { order: Order }) {
  const { t } = useTranslation();
  const offTrack = !PROGRESS_STEPS.some((s) => s.status === order.status);
  const stoppedTone = STATUS_META[order.status].variant === "warning" ? "warning" : "danger";

  const stateOf = (step: number): StepState => {
    if (step <= order.current_step) return "done";
    if (step === order.current_step + 1) return offTrack ? "stopped" : isClosed(order.status) ? "upcoming" : "next";
    return "upcoming";
  };

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3 space-y-0 pb-3">
        <CardTitle className="text-base">{t("Progress")}</CardTitle>
        <span className="text-sm text-muted-foreground tabular">
          {t("Step {{step}} of {{steps}}", { step: order.current_step, steps: PROGRESS_STEPS.length })}
        </span>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-0 md:grid-cols-5 md:gap-2">
          {PROGRESS_STEPS.map(({ status, step, label }, index) => {
            const state = stateOf(step);
            const at = state === "done" ? REACHED_AT[status]?.(order) : null;
            const last = index === PROGRESS_STEPS.length - 1;
            return (
              <li
                key={status}
                aria-current={state === "next" || state === "stopped" ? "step" : undefined}
                className="relative flex gap-3 pb-5 last:pb-0 md:flex-col md:items-center md:gap-2 md:pb-0 md:text-center"
              >
                {!last && (
                  <span
                    aria-hidden
                    className={cn(
                      "absolute start-[0.9375rem] top-8 h-[calc(100%-2rem)] w-0.5 md:start-[calc(50%+1.25rem)] md:top-[0.9375rem] md:h-0.5 md:w-[calc(100%-2.5rem+0.5rem)]",
                      step < order.current_step ? "bg-primary" : "bg-border",
                    )}
                  />
                )}
                <StepMarker state={state} step={step} tone={stoppedTone} />
                <div className="min-w-0 pt-1 md:pt-0">
                  <p className={cn("text-sm font-medium", state === "upcoming" && "text-muted-foreground")}>{t(label)}</p>
                  {state === "stopped" ? (
                    <p className={cn("text-xs font-medium", stoppedTone === "warning" ? "text-amber-700 dark:text-amber-400" : "text-destructive")}>
                      {t(STATUS_META[order.status].label)}
                    </p>
                  ) : state === "next" ? (
                    <p className="text-xs text-primary">{t("Waiting")}</p>
                  ) : at ? (
                    <p className="text-xs text-muted-foreground">
                      <time dateTime={at}>{showDateTime(at)}</time>
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}

function StepMarker({ state, step, tone }: { state: StepState; step: number; tone: "warning" | "danger" }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        "relative z-10 inline-flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold tabular",
        state === "done" && "border-primary bg-primary text-primary-foreground",
        state === "next" && "border-primary bg-background text-primary ring-4 ring-primary/15",
        state === "upcoming" && "border-border bg-background text-muted-foreground",
        state === "stopped" && tone === "danger" && "border-destructive bg-destructive text-destructive-foreground",
        state === "stopped" && tone === "warning" && "border-amber-500 bg-amber-500 text-white",
      )}
    >
      {state === "done" ? (
        <Check className="size-4" aria-label={t("Done")} />
      ) : state === "stopped" ? (
        tone === "danger" ? (
          <X className="size-4" aria-hidden />
        ) : (
          <AlertTriangle className="size-4" aria-hidden />
        )
      ) : (
        step
      )}
    </span>
  );
}
