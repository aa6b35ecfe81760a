import { lazy, startTransition, Suspense, useEffect, useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { SPLASH_MS, type SessionResponse } from "@p2p/shared";
import { api, isApiError } from "@/lib/api";
import { authKeys } from "@/features/auth/queries";
import { ThemeProvider } from "@/features/theme/theme-provider";
import { Splash, splashShownMs } from "@/features/shell/splash";
import { LanguageSync } from "@/i18n/language-sync";
import { useToasterWanted } from "@/ui/toaster-demand";
import { AppRouter, firstRouteLoaded } from "./router";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, err) => count < 2 && !(isApiError(err) && err.status >= 400 && err.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

// Restore the session while the splash shows, so the first route already knows who is signed in.
void queryClient.prefetchQuery({
  queryKey: authKeys.session,
  queryFn: () => api<SessionResponse>("/api/auth/session"),
  staleTime: 60_000,
});

const Toaster = lazy(() => import("@/ui/toaster"));

/** The Toaster, once a screen that can toast has loaded (ui/toast.ts): sonner is not on the landing page's path. */
function LazyToaster() {
  const wanted = useToasterWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function App() {
  // Keyed on the language, so every screen (formatters included) renders again in it.
  const { i18n } = useTranslation();
  const [splash, setSplash] = useState(true);
  useEffect(() => {
    // The splash's 2 seconds count from its first paint; it also waits for the first route's code,
    // so the app appears whole rather than blank.
    let mounted = true;
    const timer = new Promise((resolve) => setTimeout(resolve, Math.max(0, SPLASH_MS - splashShownMs())));
    // A transition: React renders the first screen in slices between which the page can still
    // answer input, rather than in one long task.
    void Promise.all([timer, firstRouteLoaded]).then(() => mounted && startTransition(() => setSplash(false)));
    return () => {
      mounted = false;
    };
  }, []);

  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <LanguageSync />
        {splash ? <Splash /> : <AppRouter key={i18n.language} />}
        <LazyToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
