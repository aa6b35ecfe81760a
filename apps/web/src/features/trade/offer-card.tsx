import { memo } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { Landmark } from "lucide-react";
import type { MarketOffer } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { showCoin, showDateTime, showNaira, showPercent, showRelative, showScore } from "@/i18n/format";
import { UserAvatar } from "@/features/shell/user-avatar";
import { useNow } from "@/lib/use-now";

/**
 * The offers, rendered again only when they change. A refresh (the button, a realtime event, the
 * socket's first subscription, the 30-second poll) renders the screen around them twice, fetching
 * and done; with every card formatted again each time, each was a task of 60–110 ms at 4× CPU
 * slowdown. The query keeps the same list when the answer is the same.
 */
export const OfferList = memo(function OfferList({ offers, onTrade }: { offers: MarketOffer[]; onTrade: (offer: MarketOffer) => void }) {
  return (
    <ul className="divide-y">
      {offers.map((offer, index) => (
        <OfferCard key={offer.merchant_id} offer={offer} best={index === 0 && offers.length > 1} onTrade={() => onTrade(offer)} />
      ))}
    </ul>
  );
});

/** "Updated 5 minutes ago", counting on a clock of its own: only this text is drawn again as it counts. */
function UpdatedAgo({ at }: { at: string }) {
  const { t } = useTranslation();
  const now = useNow();
  return t("Updated {{time}}", { time: showRelative(at, now) });
}

/** One merchant's offer: who, at what price, within which limits, paid how; and the button to trade. */
function OfferCard({ offer, best, onTrade }: { offer: MarketOffer; best: boolean; onTrade: () => void }) {
  const { t } = useTranslation();
  const buying = offer.side === "buy";
  return (
    <li className="grid gap-3 p-4 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1.2fr)_minmax(0,1fr)_auto] lg:items-center lg:gap-4 lg:px-5">
      <div className="flex min-w-0 items-center gap-3">
        <UserAvatar name={offer.username} />
        <div className="min-w-0">
          <p className="flex min-w-0 items-center gap-2 text-sm font-semibold">
            <span className="truncate">{offer.username}</span>
            {best && (
              <span className="max-w-[60%] shrink-0 truncate rounded bg-primary/12 px-1.5 py-0.5 text-[0.625rem] font-bold uppercase tracking-wide text-primary">
                {t("Best price")}
              </span>
            )}
          </p>
          <p className="text-xs text-muted-foreground tabular">
            <span className="text-amber-700 dark:text-amber-400">★</span> {showScore(offer.reputation_score)} ·{" "}
            {t("{{count}} trades", { count: offer.total_trades })} ·{" "}
            {offer.completion_rate === null
              ? t("no record yet")
              : t("{{percent}} completion of {{count}} orders", { percent: showPercent(offer.completion_rate), count: offer.completion_orders })}
          </p>
        </div>
      </div>

      <div className="flex items-baseline justify-between gap-3 lg:block">
        <span className="shrink-0 text-xs text-muted-foreground lg:hidden">{t("Price")}</span>
        <p
          className={cn(
            "min-w-0 break-all text-end text-lg font-bold tabular lg:text-start lg:text-xl",
            buying ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400",
          )}
        >
          {showNaira(offer.price)}
        </p>
      </div>

      <div className="flex items-baseline justify-between gap-3 text-sm lg:block">
        <span className="shrink-0 text-xs text-muted-foreground lg:hidden">{t("Limits")}</span>
        <p className="min-w-0 text-end tabular lg:text-start">
          <span className="whitespace-nowrap">{showNaira(offer.min_order)}</span> –{" "}
          <span className="whitespace-nowrap">{showNaira(offer.max_order)}</span>
          {offer.available !== null && (
            <span className="block text-xs text-muted-foreground">
              {t("Available: {{amount}} {{coin}}", { amount: showCoin(offer.available), coin: offer.coin })}
            </span>
          )}
        </p>
      </div>

      <div className="flex items-center justify-between gap-3 text-sm lg:block">
        <span className="shrink-0 text-xs text-muted-foreground lg:hidden">{t("Payment")}</span>
        <p className="inline-flex min-w-0 items-center gap-1.5">
          <Landmark className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate">{buying ? offer.bank_name : t("Bank transfer")}</span>
        </p>
        <p className="hidden text-xs text-muted-foreground lg:block" title={showDateTime(offer.updated_at)}>
          <UpdatedAgo at={offer.updated_at} />
        </p>
      </div>

      <Button
        onClick={onTrade}
        className={cn(
          "h-11 w-full lg:h-9 lg:w-32",
          buying ? "bg-emerald-700 text-white hover:bg-emerald-700/90" : "bg-rose-600 text-white hover:bg-rose-600/90",
        )}
      >
        <span className="truncate">{buying ? t("Buy {{coin}}", { coin: offer.coin }) : t("Sell {{coin}}", { coin: offer.coin })}</span>
      </Button>
    </li>
  );
}
