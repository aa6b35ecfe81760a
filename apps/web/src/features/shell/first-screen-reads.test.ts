import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClient, QueryObserver, type QueryKey } from "@tanstack/react-query";
import { dashboardKeys, dashboardSummaryQuery } from "@/features/dashboard/queries";
import { offerKeys } from "@/features/offers/queries";
import { FIRST_ENTRIES, walletKeys } from "@/features/wallet/queries";
import { prefetchFirstScreen, prefetchFrame } from "./first-screen-reads";

const COINS = [{ symbol: "USDT" }, { symbol: "PI" }];

/** The API as the first reads meet it: who is signed in, and an answer for every read; `failing` answer 500. */
function serve(user: { id: string; role: string } | null, failing: string[] = []) {
  const asked: string[] = [];
  const fetch = vi.fn(async (path: string) => {
    asked.push(path);
    if (failing.some((f) => path.startsWith(f))) return Response.json({ error: { code: "INTERNAL", message: "down" } }, { status: 500 });
    if (path === "/api/auth/session") return Response.json({ user });
    if (path === "/api/coins") return Response.json({ coins: COINS });
    return Response.json({ read: path });
  });
  vi.stubGlobal("fetch", fetch);
  return asked;
}

const fresh = (qc: QueryClient, key: QueryKey) => qc.getQueryState(key)?.status === "success";

afterEach(() => vi.unstubAllGlobals());

describe("a signed-in screen's first reads while the splash shows", () => {
  it("reads the frame's badges and delivery choices around every signed-in screen, each once", async () => {
    const asked = serve({ id: "u1", role: "user" });
    const qc = new QueryClient();
    await Promise.all([prefetchFrame(qc), prefetchFirstScreen(qc, "dashboard", new URLSearchParams())]);
    expect(asked.sort()).toEqual(
      ["/api/auth/session", "/api/badges", "/api/dashboard/coin-analytics", "/api/dashboard/summary", "/api/notification-preferences"].sort(),
    );
  });

  it("reads the dashboard's tiles and analytics, each once", async () => {
    const asked = serve({ id: "u1", role: "user" });
    const qc = new QueryClient();
    await prefetchFirstScreen(qc, "dashboard", new URLSearchParams());
    expect(asked.sort()).toEqual(["/api/auth/session", "/api/dashboard/coin-analytics", "/api/dashboard/summary"]);
    expect(fresh(qc, dashboardKeys.summary) && fresh(qc, dashboardKeys.coinAnalytics)).toBe(true);

    // The screen's own query finds the answer fresh and reads nothing again on opening.
    const observer = new QueryObserver(qc, dashboardSummaryQuery);
    const unsubscribe = observer.subscribe(() => undefined);
    expect(observer.getCurrentResult().data).toEqual({ read: "/api/dashboard/summary" });
    expect(asked.filter((path) => path === "/api/dashboard/summary")).toHaveLength(1);
    unsubscribe();
  });

  it("reads nothing but the session for a signed-out visitor, who is sent to /auth", async () => {
    const asked = serve(null);
    const qc = new QueryClient();
    await Promise.all([prefetchFrame(qc), prefetchFirstScreen(qc, "wallet", new URLSearchParams())]);
    expect(asked).toEqual(["/api/auth/session"]);
  });

  it("uses the session already read instead of asking again", async () => {
    const asked = serve({ id: "u1", role: "user" });
    const qc = new QueryClient();
    await qc.prefetchQuery({ queryKey: ["auth", "session"], queryFn: () => ({ user: { id: "u1", role: "user" } }) });
    await prefetchFirstScreen(qc, "dashboard", new URLSearchParams());
    expect(asked).not.toContain("/api/auth/session");
  });

  it("reads the wallet's balances, the ledger list's first page and the coins' prices", async () => {
    const asked = serve({ id: "u1", role: "user" });
    const qc = new QueryClient();
    await prefetchFirstScreen(qc, "wallet", new URLSearchParams());
    expect(asked).toEqual(expect.arrayContaining(["/api/wallet", "/api/wallet/entries?page=1&page_size=10", "/api/coins"]));
    expect(fresh(qc, walletKeys.entries(FIRST_ENTRIES.coin, FIRST_ENTRIES.page))).toBe(true);
  });

  it("reads the market the address names once the coins are known, else the first coin's buy side", async () => {
    const named = serve({ id: "u1", role: "user" });
    const qc = new QueryClient();
    await prefetchFirstScreen(qc, "tradeMerchants", new URLSearchParams("coin=pi&side=sell"));
    expect(named).toEqual(expect.arrayContaining(["/api/coins", "/api/wallet", "/api/offers?coin=PI&side=sell"]));
    expect(named.indexOf("/api/offers?coin=PI&side=sell")).toBeGreaterThan(named.indexOf("/api/coins"));
    expect(fresh(qc, offerKeys.market("PI", "sell"))).toBe(true);

    const unnamed = serve({ id: "u1", role: "user" });
    await prefetchFirstScreen(new QueryClient(), "tradeMerchants", new URLSearchParams());
    expect(unnamed).toContain("/api/offers?coin=USDT&side=buy");
  });

  it("reads no market for an admin, whose page says admins do not trade", async () => {
    const asked = serve({ id: "a1", role: "admin" });
    await prefetchFirstScreen(new QueryClient(), "tradeMerchants", new URLSearchParams());
    expect(asked.some((path) => path.startsWith("/api/offers") || path === "/api/coins" || path === "/api/wallet")).toBe(false);
  });

  it("settles when a read fails, leaving it for the screen to read again", async () => {
    serve({ id: "u1", role: "user" }, ["/api/dashboard/summary"]);
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(prefetchFirstScreen(qc, "dashboard", new URLSearchParams())).resolves.toBeUndefined();
    expect(qc.getQueryState(dashboardKeys.summary)?.status).toBe("error");
    expect(fresh(qc, dashboardKeys.coinAnalytics)).toBe(true);
  });
});
