import { useEffect, useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { SPLASH_MS, TOAST_MS } from "@p2p/shared";
import { isApiError } from "@/lib/api";
import { ThemeProvider, useTheme } from "@/features/theme/theme-provider";
import { Splash } from "@/features/shell/splash";
import { router } from "./router";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, err) => count < 2 && !(isApiError(err) && err.status >= 400 && err.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

function ThemedToaster() {
  const { resolved } = useTheme();
  return <Toaster theme={resolved} position="top-center" duration={TOAST_MS} richColors closeButton />;
}

export function App() {
  const [splash, setSplash] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setSplash(false), SPLASH_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        {splash ? <Splash /> : <RouterProvider router={router} />}
        <ThemedToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
