import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";
import { cacheEffectsOf, REALTIME_EVENTS, type CacheEffectContext, type CacheView, type CacheViewName, type RealtimeEvent } from "@p2p/shared";
import { appealKeys } from "@/features/appeals/queries";
import { authKeys } from "@/features/auth/queries";
import { badgeKeys } from "@/features/badges/queries";
import { chatKeys } from "@/features/chat/keys";
import { coinKeys } from "@/features/coins/queries";
import { complaintKeys } from "@/features/complaints/queries";
import { dashboardKeys } from "@/features/dashboard/queries";
import { historyKeys } from "@/features/history/queries";
import { marketplaceKeys } from "@/features/marketplace/queries";
import { merchantApplicationKeys } from "@/features/merchant-application/queries";
import { notificationKeys } from "@/features/notifications/queries";
import { offerKeys } from "@/features/offers/queries";
import { orderKeys } from "@/features/orders/order-query";
import { proofKeys } from "@/features/orders/proof-queries";
import { profileKeys } from "@/features/profile/queries";
import { walletKeys } from "@/features/wallet/queries";
import { networkKeys } from "@/features/wallet/network-queries";
import { ADMIN_COINS_KEY, staleAdminKeys } from "@/features/admin/queue-keys";
import { readSince } from "@/lib/fetch-starts";

type ViewOf<N extends CacheViewName> = Extract<CacheView, { view: N }>;

/**
 * The query keys (prefixes) each view of packages/shared/src/realtime/cache-effects.ts is read
 * under: the one place a screen's keys meet the realtime events. A screen reading server state
 * under a key not reached from here does not follow its changes.
 */
export const VIEW_KEYS: { [N in CacheViewName]: (view: ViewOf<N>) => readonly QueryKey[] } = {
  session: () => [authKeys.session],
  dashboard: () => [dashboardKeys.all],
  profile: () => [profileKeys.mine],
  wallet: () => [walletKeys.all],
  history: () => [historyKeys.all],
  // Another admin's Coins section too (a fee rate or a listing changed); nobody else has it cached.
  coins: () => [coinKeys.all, ADMIN_COINS_KEY],
  offers: () => [offerKeys.all],
  // The tickets (payment proofs by order) are kept under the order lists' prefix.
  orderLists: () => [orderKeys.lists],
  order: (v) => [orderKeys.detail(v.id), proofKeys.order(v.id), appealKeys.detail(v.id)],
  appeals: () => [appealKeys.all],
  marketplace: () => [marketplaceKeys.all],
  chatList: () => [chatKeys.lists],
  chat: (v) => [chatKeys.messages(v.id)],
  merchantChat: () => [chatKeys.merchantMessages],
  liveChatMine: () => [chatKeys.liveMine],
  liveChat: (v) => [chatKeys.liveMessages(v.id)],
  liveChatAdmin: () => [chatKeys.liveAdmin],
  notifications: () => [notificationKeys.lists],
  complaints: () => [complaintKeys.all],
  merchantApplication: () => [merchantApplicationKeys.all],
  badges: () => [badgeKeys.all],
  networks: () => [networkKeys.all],
  adminQueue: (v) => staleAdminKeys(v.queue),
};

export function queryKeysOf(view: CacheView): readonly QueryKey[] {
  return (VIEW_KEYS[view.view] as (view: CacheView) => readonly QueryKey[])(view);
}

/**
 * Histories a screen appends each event to itself (appendToHistory, applyReadReceipt): marked
 * stale for the next visit, not read again under the open screen.
 */
const APPENDED_BY_THEIR_SCREEN: ReadonlySet<CacheViewName> = new Set(["chat", "liveChat", "merchantChat"]);

/**
 * A screen's first read still in flight may have been answered before the change. The query
 * client joins a refetch to such a read instead of starting another (it cancels a read in flight
 * only once the query has data), so the screen would show the answer from before the change until
 * its next poll. Cancelled silently (the screen keeps loading), the refetch reads again.
 */
function cancelFirstReadsInFlight(qc: QueryClient, queryKey: QueryKey, stale: (query: Query) => boolean) {
  const firstReads = qc.getQueryCache().findAll({
    queryKey,
    type: "active",
    predicate: (query) => stale(query) && query.state.fetchStatus === "fetching" && query.state.data === undefined,
  });
  for (const query of firstReads) void query.cancel({ silent: true });
}

/**
 * Refreshes the queries of these views, each key once. `topicStarted`: a subscription just began,
 * so what was committed before it never reached the screens as events; histories their screens
 * append to are read again too (a group-chat message sent between the screen's first read and its
 * subscription showed only at the fallback poll). `readSince`: the subscription resumed from a
 * cursor read then, and its later events are replayed, so a query whose read started since is
 * left as it is.
 */
export function refreshViews(qc: QueryClient, views: readonly CacheView[], options: { topicStarted?: boolean; readSince?: number } = {}) {
  const { readSince: since } = options;
  const stale = (query: Query) => since === undefined || !readSince(query, since);
  const seen = new Set<string>();
  for (const view of views) {
    for (const queryKey of queryKeysOf(view)) {
      const id = JSON.stringify(queryKey);
      if (seen.has(id)) continue;
      seen.add(id);
      const appended = APPENDED_BY_THEIR_SCREEN.has(view.view) && !options.topicStarted;
      if (!appended) cancelFirstReadsInFlight(qc, queryKey, stale);
      void qc.invalidateQueries({ queryKey, refetchType: appended ? "none" : "active", predicate: stale });
    }
  }
}

/** What one event does to this tab's cache: the views it changes are refreshed; `badges.changed` brings the counts themselves. */
export function applyEvent(qc: QueryClient, event: RealtimeEvent, context: CacheEffectContext) {
  if (event.event === REALTIME_EVENTS.badgesChanged) qc.setQueryData(badgeKeys.all, event.payload);
  refreshViews(qc, cacheEffectsOf(event, context));
}
