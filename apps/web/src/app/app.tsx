import { startTransition, useEffect, useMemo, useState } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useTranslation } from "@/i18n/use-translation";
import { SPLASH_MS } from "@p2p/shared";
import { endSessionsWith } from "./session-end";
import { ThemeProvider } from "@/features/theme/theme-provider";
import { noteSplashShown, Splash, splashShownMs, splashSkipped } from "@/features/shell/splash";
import { LanguageSync } from "@/i18n/language-sync";
import { queryClient } from "./query-client";
import { AppRouter, firstRouteLoaded } from "./router";
import { BehindSplash } from "./behind-splash";
import { LazyToaster } from "./lazy-toaster";

endSessionsWith(queryClient);

/** A reload in a tab that has seen the splash goes straight to the screen (boot-splash.js). */
const skipSplash = splashSkipped();

export function App() {
  // Keyed on the language, so every screen (formatters included) renders again in it.
  const { i18n } = useTranslation();
  const [routeLoaded, setRouteLoaded] = useState(false);
  const [rendered, setRendered] = useState(false);
  const [timeUp, setTimeUp] = useState(skipSplash);
  useEffect(() => {
    // The splash's 2 seconds count from its first paint.
    const timer = skipSplash ? undefined : setTimeout(() => setTimeUp(true), Math.max(0, SPLASH_MS - splashShownMs()));
    // Once the first route's code is here, its screen renders behind the splash; a transition, so
    // React renders it in slices between which the page can still answer input.
    let mounted = true;
    void firstRouteLoaded.then(() => mounted && startTransition(() => setRouteLoaded(true)));
    return () => {
      clearTimeout(timer);
      mounted = false;
    };
  }, []);
  // The splash goes when its time is up and the first screen is ready behind it, never blank.
  const splash = !(timeUp && rendered);
  useEffect(() => {
    if (!splash && !skipSplash) noteSplashShown();
  }, [splash]);
  // The same element while the language stays, so the splash's own state changes (rendered, time
  // up) do not render every screen again: on a slow phone that is a long task as the app appears.
  const router = useMemo(() => <AppRouter key={i18n.language} />, [i18n.language]);

  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <LanguageSync />
        {routeLoaded && (
          <BehindSplash shown={!splash} onRendered={() => setRendered(true)}>
            {router}
          </BehindSplash>
        )}
        {splash ? !skipSplash && <Splash /> : <LazyToaster />}
      </QueryClientProvider>
    </ThemeProvider>
  );
}
