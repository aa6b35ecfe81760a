import type { RouteObject } from "react-router";

/**
 * React Router matches an address by first flattening and ranking the whole route table and
 * building a regular expression for every level of every branch, at each match: for our forty-odd
 * screens that was 50–90 ms of a slow phone's main thread at first load, done twice (the first
 * route's preload, then the first render). Every screen's path starts with a literal segment, so
 * only the branches whose first segment is the address's can match it, besides the catch-all: the
 * router is given just those (the same route objects, under copies of their layouts) and matches
 * as it always does. Each table is made once per first segment and kept.
 */
export function routesForAddress(routes: RouteObject[]): (pathname: string) => RouteObject[] {
  const tables = new Map<string, RouteObject[]>();
  const catchAll = keep(routes, (path) => mayMatch(path, null));
  return (pathname) => {
    const segment = firstSegment(pathname);
    const kept = tables.get(segment);
    if (kept) return kept;
    const table = keep(routes, (path) => mayMatch(path, segment));
    // An address no screen starts with gets the catch-all's table, and adds none to keep.
    if (leaves(table) === leaves(catchAll)) return catchAll;
    tables.set(segment, table);
    return table;
  };
}

/**
 * Whether a route's path may match an address whose first segment is `segment` (null: none of
 * the screens' own). A splat, a parameter or an optional segment first may match anything.
 */
function mayMatch(path: string, segment: string | null): boolean {
  if (/[*?]/.test(path) || /^\/*:/.test(path)) return true;
  return segment !== null && firstSegment(path) === segment;
}

/** The address's first segment as React Router compares it: percent-decoded, any case. */
function firstSegment(path: string): string {
  const segment = path.replace(/^\/+/, "").split("/")[0]!;
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * The routes whose path passes `test`, with the layouts above them (copied, with only those
 * children). A route with a path decides for everything under it; a layout without one, by its
 * children.
 */
function keep(routes: RouteObject[], test: (path: string) => boolean): RouteObject[] {
  return routes.flatMap((route): RouteObject[] => {
    if (route.path !== undefined) return test(route.path) ? [route] : [];
    if (!route.children?.length) return route.index ? [route] : [];
    const children = keep(route.children, test);
    return children.length ? [{ ...route, children }] : [];
  });
}

function leaves(routes: RouteObject[]): number {
  return routes.reduce((n, route) => n + (route.children?.length ? leaves(route.children) : 1), 0);
}
