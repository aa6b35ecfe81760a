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

/** Who the session (asked for first, router.tsx) names, or null for a visitor, who is sent to /auth. */
async function signedInUser(qc: QueryClient) {
  return (await qc.ensureQueryData(sessionQuery)).user;
}

/**
 * Reads the frame's first data around every signed-in screen (app-layout): its badges and the
 * delivery choices of its pop-ups, once the session names someone. On a slow phone network the
 * answers then arrive while the splash shows instead of a round trip after it.
 */
export async function prefetchFrame(qc: QueryClient): Promise<void> {
  if (!(await signedInUser(qc))) return;
  await Promise.allSettled([qc.prefetchQuery(badgesQuery), qc.prefetchQuery(notificationPreferencesQuery)]);
}

/**
 * Reads `screen`'s first data into the cache once the session names someone, so the screen
 * appears with its numbers instead of skeletons that fill in a round trip later. Nothing is read
 * for a visitor. A read that fails is read again by its screen.
 */
export async function prefetchFirstScreen(qc: QueryClient, screen: FirstScreen, search: URLSearchParams): Promise<void> {
  const user = await signedInUser(qc);
  if (!user) return;
  await Promise.allSettled(FIRST_READS[screen](qc, search, user.role));
}
