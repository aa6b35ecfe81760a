import { useState } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { MESSAGES, PRODUCT_NAME } from "@p2p/shared";
import { LogoMark } from "./logo";

/**
 * How long the splash has been on screen: index.html paints it before any of the app's code, so
 * its 2 seconds count from the first paint (0 when the page has not painted yet).
 */
export function splashShownMs(): number {
  const firstPaint = performance.getEntriesByName("first-contentful-paint")[0];
  return firstPaint ? Math.max(0, performance.now() - firstPaint.startTime) : 0;
}

const SHOWN_KEY = "naijap2p.splash-shown";

/** The splash shows once per tab session: public/boot-splash.js skips it when this tab saw it. */
export function splashSkipped(): boolean {
  return document.documentElement.hasAttribute("data-splash-skipped");
}

/** Notes that this tab has seen the splash to its end, so a reload does not replay it. */
export function noteSplashShown(): void {
  try {
    sessionStorage.setItem(SHOWN_KEY, "1");
  } catch {
    // Storage off (private mode, quota): the splash shows again on the next load, nothing worse.
  }
}

/** How far the painted splash's animations are (public/boot-splash.js notes when they began). */
function animationsElapsedMs(): number {
  const startedAt = Number(document.documentElement.dataset.splashAt);
  return Number.isFinite(startedAt) ? Math.max(0, performance.now() - startedAt) : 0;
}

/**
 * The 2-second start screen (spec §2): logo, product name and tagline. It takes over the one
 * index.html painted, at the same point of its animations, so nothing on screen jumps.
 */
export function Splash() {
  const { t } = useTranslation();
  const [elapsed] = useState(animationsElapsedMs);
  const resume = { animationDelay: `-${Math.round(elapsed)}ms` };
  return (
    <div
      role="status"
      aria-label={t("{{product}}: loading", { product: PRODUCT_NAME })}
      className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-6 overflow-hidden bg-background px-6"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(50%_40%_at_50%_45%,color-mix(in_oklab,var(--primary)_18%,transparent),transparent)]"
      />
      <div className="relative flex animate-splash-rise flex-col items-center gap-5 text-center" style={resume}>
        <LogoMark className="size-20 drop-shadow-[0_10px_30px_color-mix(in_oklab,var(--primary)_35%,transparent)]" />
        <div className="flex flex-col items-center gap-2">
          <h1 className="text-3xl font-extrabold tracking-tight">
            Naija<span className="text-primary">P2P</span>
          </h1>
          <p className="text-sm text-muted-foreground sm:text-base">{t(MESSAGES.tagline)}</p>
        </div>
      </div>
      <div aria-hidden className="absolute bottom-[max(3rem,env(safe-area-inset-bottom))] h-1 w-32 overflow-hidden rounded-full bg-muted">
        <div className="h-full origin-left rtl:origin-right animate-splash-bar rounded-full bg-primary" style={resume} />
      </div>
    </div>
  );
}
