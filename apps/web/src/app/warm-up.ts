import { cn } from "@/lib/cn";

type Step = () => unknown;

/** Each step in a task of its own, when the page is idle (Safari has no idle callbacks: a timer). */
function oneStepPerIdleMoment(steps: Step[]): void {
  const whenIdle =
    typeof requestIdleCallback === "function" ? (run: () => void) => requestIdleCallback(run) : (run: () => void) => setTimeout(run, 1);
  const next = () => {
    const step = steps.shift();
    if (!step) return;
    step();
    whenIdle(next);
  };
  whenIdle(next);
}

/**
 * What every first screen does once, and a slow phone pays tens of milliseconds for the first
 * time: tailwind-merge building its class table, the browser loading its locale data and the
 * number and date formatters. Done while the splash shows, in the idle moments between arriving
 * scripts, instead of inside the first screen's render, where each made a long task longer.
 */
export function warmUpWhileSplashShows(): void {
  oneStepPerIdleMoment([() => cn("p-0", "p-1")]);
  void import("@/i18n/format").then(({ formatterWarmUps }) => oneStepPerIdleMoment(formatterWarmUps()));
}
