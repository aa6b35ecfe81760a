import { languageInfo } from "@p2p/shared";
import { cn, describeTailwindClasses } from "@/lib/cn";
import { currentLanguage } from "@/i18n/language";

/** Runs `step` in a task of its own when the page is idle (Safari has no idle callbacks: a timer). */
function whenIdle(step: () => unknown): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => step());
  else setTimeout(step, 1);
}

/**
 * Has a worker build one formatter of each kind for `locale`, so the browser loads its locale data
 * on the worker's thread (i18n/locale-data.worker.ts). Without workers (tests, a policy that
 * forbids them) the page's first formatter loads the data instead, as it would anyway.
 */
function loadLocaleDataOffTheMainThread(locale: string): void {
  if (typeof Worker !== "function") return;
  try {
    new Worker(new URL("../i18n/locale-data.worker.ts", import.meta.url), { type: "module" }).postMessage(locale);
  } catch {
    // Refused (a Content-Security-Policy without this origin's workers): nothing is lost.
  }
}

/**
 * What every first screen needs once, and a slow phone pays tens of milliseconds for the first
 * time, done while the splash shows instead of inside the first screen's render, where each made a
 * long task longer: tailwind-merge builds its class table in two idle moments, and the browser
 * loads its number and date data on a worker, off the main thread.
 */
export function warmUpWhileSplashShows(): void {
  whenIdle(() => {
    describeTailwindClasses();
    whenIdle(() => cn("p-0", "p-1"));
  });
  loadLocaleDataOffTheMainThread(languageInfo(currentLanguage()).locale);
}
