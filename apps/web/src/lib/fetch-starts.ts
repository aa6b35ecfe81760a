import type { Query, QueryClient } from "@tanstack/react-query";

/**
 * When each query's latest read started, on the page's monotonic clock (`performance.now()`: a
 * wall clock set back between two reads would put them in the wrong order), noted as the query
 * client begins it; keyed by the query itself.
 */
const started = new WeakMap<object, number>();

/** Notes the start of every read of this client's queries, from now on. */
export function trackFetchStarts(qc: QueryClient): () => void {
  return qc.getQueryCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "fetch") started.set(event.query, performance.now());
  });
}

/** The query's latest read started at or after `since`: it is at least as new as what was known then. */
export function readSince(query: Query, since: number): boolean {
  const at = started.get(query);
  return at !== undefined && at >= since;
}
