import { useEffect, useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router/dom";
import { Toaster } from "sonner";
import { useTranslation } from "react-i18next";
import { SPLASH_MS, TOAST_MS, type SessionResponse } from "@p2p/shared";
import { api, isApiError } from "@/lib/api";
import { authKeys } from "@/features/auth/queries";
import { ThemeProvider, useTheme } from "@/features/theme/theme-provider";
import { Splash } from "@/features/shell/splash";
import { LanguageSync } from "@/i18n/language-sync";
import { router } from "./router";

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

function ThemedToaster() {
  const { resolved } = useTheme();
  return <Toaster theme={resolved} position="top-center" duration={TOAST_MS} richColors closeButton />;
}

export function App() {
  // Keyed on the language, so every screen (formatters included) renders again in it.
  const { i18n } = useTranslation();
  const [splash, setSplash] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setSplash(false), SPLASH_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <LanguageSync />
        {splash ? <Splash /> : <RouterProvider key={i18n.language} router={router} />}
        <ThemedToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
