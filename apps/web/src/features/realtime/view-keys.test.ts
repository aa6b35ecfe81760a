import { describe, expect, it, vi } from "vitest";
import { QueryClient, QueryObserver, type QueryKey } from "@tanstack/react-query";
import { cacheEffectsOf, REALTIME_EVENTS, type RealtimeEvent } from "@p2p/shared";
import { chatKeys } from "@/features/chat/keys";
import { coinKeys } from "@/features/coins/queries";
import { dashboardKeys } from "@/features/dashboard/queries";
import { marketplaceKeys } from "@/features/marketplace/queries";
import { offerKeys } from "@/features/offers/queries";
import { orderKeys } from "@/features/orders/order-query";
import { walletKeys } from "@/features/wallet/queries";
import { badgeKeys } from "@/features/badges/queries";
import { ADMIN_COINS_KEY } from "@/features/admin/queue-keys";
import { trackFetchStarts } from "@/lib/fetch-starts";
import { applyEvent, refreshViews } from "./view-keys";

const at = "2026-01-01T00:00:00.000Z";
const me = { userId: "u-me" };

/** The keys a screen reads, cached; after the event, which of them were made stale. */
function staleAfter(event: RealtimeEvent, screenKeys: readonly QueryKey[]): QueryKey[] {
  const qc = new QueryClient();
  for (const key of screenKeys) qc.setQueryData(key, { cached: true });
  refreshViews(qc, cacheEffectsOf(event, me));
  return screenKeys.filter((key) => qc.getQueryState(key)?.isInvalidated);
}

const notification = (type: string) =>
  ({
    id: 1,
    topic: "user:u-me",
    event: REALTIME_EVENTS.notificationCreated,
    payload: { id: "n1", title: "t", message: "m", type, order_id: null, is_read: false, created_at: at },
  }) as RealtimeEvent;

describe("the screens' queries the realtime events reach", () => {
  it("a read on another tab shows the counts it carries at once, without reading them again; the chat list is refreshed", () => {
    const qc = new QueryClient();
    qc.setQueryData(badgeKeys.all, { notifications: 1, order_chats: 2, live_chat: 0, merchant_chat: 0, pending_orders: 1, messages: 2 });
    qc.setQueryData(chatKeys.lists, { cached: true });
    const counts = { notifications: 0, order_chats: 0, live_chat: 0, merchant_chat: 0, pending_orders: 1, messages: 0 };
    applyEvent(qc, { id: 1, topic: "user:u-me", event: REALTIME_EVENTS.badgesChanged, payload: counts } as RealtimeEvent, me);
    expect(qc.getQueryData(badgeKeys.all)).toEqual(counts);
    expect(qc.getQueryState(badgeKeys.all)?.isInvalidated).toBe(false);
    expect(qc.getQueryState(chatKeys.lists)?.isInvalidated).toBe(true);
  });

  it("a topic's start reads the group chat's history again; an event on it only marks it stale", async () => {
    const qc = new QueryClient();
    const read = vi.fn(async () => ({ messages: [] }));
    new QueryObserver(qc, { queryKey: chatKeys.merchantMessages, queryFn: read }).subscribe(() => undefined);
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    refreshViews(qc, [{ view: "merchantChat" }]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).toHaveBeenCalledTimes(1);
    refreshViews(qc, [{ view: "merchantChat" }], { topicStarted: true });
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  });

  it("a topic resumed from a cursor reads again only what was read before the cursor; reads started since are left alone", async () => {
    const qc = new QueryClient();
    trackFetchStarts(qc);
    const readSummary = vi.fn(async () => ({ n: 1 }));
    const readAnalytics = vi.fn(async () => ({ n: 1 }));
    new QueryObserver(qc, { queryKey: dashboardKeys.summary, queryFn: readSummary }).subscribe(() => undefined);
    await vi.waitFor(() => expect(readSummary).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const cursorReadAt = performance.now();
    new QueryObserver(qc, { queryKey: dashboardKeys.coinAnalytics, queryFn: readAnalytics }).subscribe(() => undefined);
    await vi.waitFor(() => expect(readAnalytics).toHaveBeenCalledTimes(1));

    refreshViews(qc, [{ view: "dashboard" }], { topicStarted: true, readSince: cursorReadAt });
    await vi.waitFor(() => expect(readSummary).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readAnalytics).toHaveBeenCalledTimes(1);
    expect(qc.getQueryState(dashboardKeys.coinAnalytics)?.isInvalidated).toBe(false);
  });

  it("a rating reaches the dashboard tiles (Reputation Score)", () => {
    const rated = {
      id: 1,
      topic: "user:u-me",
      event: REALTIME_EVENTS.ratingReceived,
      payload: { order_id: "o1", stars: 4, reputation_score: "4.00" },
    };
    expect(staleAfter(rated as RealtimeEvent, [dashboardKeys.summary])).toEqual([dashboardKeys.summary]);
  });

  it("an admin's decision on a deposit reaches the wallet's balances", () => {
    expect(staleAfter(notification("admin_feedback"), [walletKeys.balances, walletKeys.deposits(1)])).toEqual([
      walletKeys.balances,
      walletKeys.deposits(1),
    ]);
  });

  it("a price notice reaches Listed Coins and the merchants' offers", () => {
    const keys = [coinKeys.list, offerKeys.market("PI", "buy")];
    expect(staleAfter(notification("price_update"), keys)).toEqual(keys);
  });

  it("an admin's fee rate or listing reaches Listed Coins, the merchants' offers (their fees), the marketplace and other admins' Coins section", () => {
    const keys = [coinKeys.list, offerKeys.market("PI", "buy"), marketplaceKeys.requests, ADMIN_COINS_KEY];
    const changed = { id: 1, topic: "market", event: REALTIME_EVENTS.coinsChanged, payload: { coin: "PI" } };
    expect(staleAfter(changed as RealtimeEvent, keys)).toEqual(keys);
  });

  it("an agent's reply reaches the owner's support chat (its status)", () => {
    const reply = {
      id: 1,
      topic: "live-chat:s1",
      event: REALTIME_EVENTS.liveChatMessage,
      payload: { id: "m1", session_id: "s1", sender_id: "a1", sender_type: "admin", message: "Hi", created_at: at },
    };
    expect(staleAfter(reply as RealtimeEvent, [chatKeys.liveMine])).toEqual([chatKeys.liveMine]);
  });

  it("an order change reaches its page and the order lists, and an open request the Marketplace", () => {
    const state = { order_id: "o1", status: "matched", current_step: 2, is_active: true, action: "accept", updated_at: at };
    const changed = { id: 1, topic: "user:u-me", event: REALTIME_EVENTS.orderChanged, payload: state } as RealtimeEvent;
    const keys = [orderKeys.detail("o1"), orderKeys.list({ role: "creator" } as never), walletKeys.balances];
    expect(staleAfter(changed, keys)).toEqual(keys);
    const posted = { id: 1, topic: "merchants", event: REALTIME_EVENTS.marketplaceChanged, payload: { order_id: "o1", coin: "PI", open: true } };
    expect(staleAfter(posted as RealtimeEvent, [marketplaceKeys.requests])).toEqual([marketplaceKeys.requests]);
  });

  it("leaves another order's page alone", () => {
    const state = { order_id: "o1", status: "matched", current_step: 2, is_active: true, action: "accept", updated_at: at };
    const changed = { id: 1, topic: "order:o1", event: REALTIME_EVENTS.orderUpdated, payload: state } as RealtimeEvent;
    expect(staleAfter(changed, [orderKeys.detail("o2")])).toEqual([]);
  });
});

describe("a screen whose first read is in flight when an event arrives", () => {
  it("reads again after the change instead of keeping the answer from before it", async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The server's queue: empty when the first read is answered, one deposit after the change.
    let pending = 0;
    const answers: (() => void)[] = [];
    const observer = new QueryObserver(qc, {
      queryKey: ["admin", "deposits", { status: "pending", page: 1 }],
      queryFn: () => {
        const rows = pending; // what the server had when it read
        return new Promise<number>((resolve) => answers.push(() => resolve(rows)));
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(answers).toHaveLength(1);

    pending = 1;
    refreshViews(
      qc,
      cacheEffectsOf({ id: 1, topic: "admin", event: REALTIME_EVENTS.adminQueueChanged, payload: { queue: "deposits" } } as RealtimeEvent, me),
    );
    for (const answer of answers) answer();
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe("idle"));
    expect(observer.getCurrentResult().data).toBe(1);
    unsubscribe();
  });
});
