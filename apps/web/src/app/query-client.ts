import { QueryClient } from "@tanstack/react-query";
import { trackFetchStarts } from "@/lib/fetch-starts";
import { retryDelay, shouldRetry } from "@/lib/query-retry";

/** The app's one query cache: its provider (app.tsx) and the first route's data prefetch (router.tsx) share it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, retryDelay, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// When each read starts: a topic that resumed from the session's cursor skips the reads made since (features/realtime/view-keys.ts).
trackFetchStarts(queryClient);
