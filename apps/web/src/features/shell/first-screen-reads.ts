import type { QueryClient } from "@tanstack/react-query";
import type { Role } from "@p2p/shared";
import { sessionQuery } from "@/features/auth/queries";
import { badgesQuery } from "@/features/badges/queries";
import { coinsQuery } from "@/features/coins/queries";
import { coinAnalyticsQuery, dashboardSummaryQuery } from "@/features/dashboard/queries";
import { notificationPreferencesQuery } from "@/features/notifications/queries";
import { chosenMarket, marketOffersQuery } from "@/features/offers/queries";
import { FIRST_ENTRIES, walletEntriesQuery, walletQuery } from "@/features/wallet/queries";

/** The signed-in screens whose first reads are asked for while the splash shows. */
export type FirstScreen = "dashboard" | "wallet" | "tradeMerchants";

/**
 * What each screen reads before it can show anything but skeletons: the same queries (keys,
 * functions, stale times) its hooks read, so the screen finds them in the cache and reads nothing
 * again on opening. A read that needs another's answer (the market's offers need the coins) waits
 * for it here, as the screen would.
 */
const FIRST_READS: { [S in FirstScreen]: (qc: QueryClient, search: URLSearchParams, role: Role) => Promise<unknown>[] } = {
  dashboard: (qc) => [qc.prefetchQuery(dashboardSummaryQuery), qc.prefetchQuery(coinAnalyticsQuery)],
  wallet: (qc) => [
    qc.prefetchQuery(walletQuery),
    qc.prefetchQuery(walletEntriesQuery(FIRST_ENTRIES.coin, FIRST_ENTRIES.page)),
    qc.prefetchQuery(coinsQuery),
  ],
  // Admins do not trade: their page reads nothing more than the frame.
  tradeMerchants: (qc, search, role) =>
    role === "admin"
      ? []
      : [
          qc.prefetchQuery(walletQuery),
          qc.fetchQuery(coinsQuery).then(({ coins }) => {
            const { coin, side } = chosenMarket(coins, search);
            return coin && qc.prefetchQuery(marketOffersQuery(coin.symbol, side));
          }),
        ],
};

/**
 * Reads `screen`'s first data into the cache once the session (asked for first, router.tsx) says
 * someone is signed in: on a slow phone network the answers then arrive while the splash shows,
 * and the screen appears with its numbers instead of skeletons that fill in a round trip later.
 * Nothing is read for a signed-out visitor, who is sent to /auth. A read that fails is read again
 * by its screen.
 */
export async function prefetchFirstScreen(qc: QueryClient, screen: FirstScreen, search: URLSearchParams): Promise<void> {
  const { user } = await qc.ensureQueryData(sessionQuery);
  if (!user) return;
  // The frame around every signed-in screen: its badges and the delivery choices of its pop-ups.
  const frame = [qc.prefetchQuery(badgesQuery), qc.prefetchQuery(notificationPreferencesQuery)];
  await Promise.allSettled([...frame, ...FIRST_READS[screen](qc, search, user.role)]);
}
