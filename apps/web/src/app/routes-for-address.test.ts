import { describe, expect, it } from "vitest";
import { matchRoutes, type RouteObject } from "react-router";
import { routesForAddress } from "./routes-for-address";

/** The app's shapes (app/router.tsx): guards and layouts without a path, absolute paths, a parameter, a catch-all. */
const leaf = (path: string): RouteObject => ({ path });
const table: RouteObject[] = [
  leaf("/"),
  { children: [leaf("/auth")] },
  leaf("/reset-password"),
  { children: [leaf("/help"), leaf("/status")] },
  {
    children: [
      leaf("/complete-profile"),
      { children: [leaf("/dashboard"), leaf("/order"), leaf("/order/:orderId"), leaf("/chat"), leaf("/chat/:orderId"), leaf("/trade-merchants")] },
    ],
  },
  { children: [leaf("*")] },
];

const addresses = [
  "/",
  "/auth",
  "/AUTH/",
  "/dashboard",
  "/dashboard/",
  "/dash%62oard",
  "/order",
  "/order/0b7e3c1a-9f43-4d5e-8a6b-2f1c3d4e5f60",
  "/order/a%20b",
  "/chat/x",
  "/chat/x/y",
  "/trade-merchants",
  "/help",
  "/nowhere",
  "/nowhere/deeper",
  "/%E0%A4%A",
  "//dashboard",
];

describe("routesForAddress", () => {
  const routesFor = routesForAddress(table);

  it.each(addresses)("matches %s as the whole table does", (address) => {
    const whole = matchRoutes(table, address);
    const part = matchRoutes(routesFor(address), address);
    expect(part?.map((m) => m.params)).toEqual(whole?.map((m) => m.params));
    expect(part?.map((m) => m.pathname)).toEqual(whole?.map((m) => m.pathname));
    // The leaf is the very route object of the table (its element and handle with it).
    expect(part?.at(-1)?.route).toBe(whole?.at(-1)?.route);
  });

  it("gives the router only the branches an address can match, the same table each time", () => {
    const forOrder = routesFor("/order/1");
    expect(JSON.stringify(forOrder)).toBe(
      JSON.stringify([{ children: [{ children: [leaf("/order"), leaf("/order/:orderId")] }] }, { children: [leaf("*")] }]),
    );
    expect(routesFor("/ORDER")).toBe(forOrder);
    expect(routesFor("/nowhere")).toEqual([{ children: [leaf("*")] }]);
  });

  it("keeps a route whose first segment is a parameter or optional for every address", () => {
    const routesFor = routesForAddress([leaf("/:lang/about"), leaf("/blog?/posts"), leaf("/x")]);
    expect(matchRoutes(routesFor("/fr/about"), "/fr/about")?.at(-1)?.params).toEqual({ lang: "fr" });
    expect(matchRoutes(routesFor("/posts"), "/posts")?.at(-1)?.route.path).toBe("/blog?/posts");
    expect(matchRoutes(routesFor("/x"), "/x")?.at(-1)?.route.path).toBe("/x");
  });
});
