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
  return (pathname) => {
    const segment = firstSegment(pathname);
    let table = tables.get(segment);
    if (!table) tables.set(segment, (table = keep(routes, segment)));
    return table;
  };
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
 * The routes that may match an address whose first segment is `segment`, with the layouts above
 * them (copied, with only those children). A route with a path decides for everything under it: a
 * splat, a parameter or an optional segment first may match anything. A layout without a path
 * decides by its children.
 */
function keep(routes: RouteObject[], segment: string): RouteObject[] {
  return routes.flatMap((route): RouteObject[] => {
    const { path, children } = route;
    if (path !== undefined) return /[*?]|^\/*:/.test(path) || firstSegment(path) === segment ? [route] : [];
    if (!children?.length) return route.index ? [route] : [];
    const kept = keep(children, segment);
    return kept.length ? [{ ...route, children: kept }] : [];
  });
}
