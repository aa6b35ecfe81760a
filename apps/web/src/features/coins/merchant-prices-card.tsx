import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { ArrowRight, RotateCw, Store } from "lucide-react";
import type { MarketOffer, TradeSide } from "@p2p/shared";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { EmptyState } from "@/ui/empty-state";
import { Skeleton } from "@/ui/skeleton";
import { useMarketOffers } from "@/features/offers/queries";
import { showNaira, showScore } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";

const SHOWN = 5;

/** The best online merchants for one coin, both ways: who sells to you and who buys from you. */
export function MerchantPricesCard({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t("{{coin}} prices by merchant", { coin: symbol })}</CardTitle>
        <CardDescription>{t("Online merchants only, best price first")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <OfferColumn symbol={symbol} side="buy" />
        <OfferColumn symbol={symbol} side="sell" />
      </CardContent>
    </Card>
  );
}

function OfferColumn({ symbol, side }: { symbol: string; side: TradeSide }) {
  const { t } = useTranslation();
  const offers = useMarketOffers(symbol, side);
  const buying = side === "buy";
  return (
    <section
      aria-label={buying ? t("Merchants selling {{coin}}", { coin: symbol }) : t("Merchants buying {{coin}}", { coin: symbol })}
      className="grid content-start gap-2"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <h4 className="text-sm font-semibold">{buying ? t("You buy {{coin}}", { coin: symbol }) : t("You sell {{coin}}", { coin: symbol })}</h4>
        <span className="text-xs text-muted-foreground">{buying ? t("Merchants selling") : t("Merchants buying")}</span>
      </div>
      {offers.isPending ? (
        <div className="grid gap-2" aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : offers.isError ? (
        <EmptyState
          className="py-5"
          title={t("Couldn't load these offers")}
          description={translateServerText(offers.error.message)}
          action={
            <Button variant="outline" size="sm" onClick={() => offers.refetch()}>
              <RotateCw />
              {t("Try again")}
            </Button>
          }
        />
      ) : offers.data.length === 0 ? (
        <EmptyState
          className="rounded-lg border border-dashed py-5"
          icon={<Store />}
          title={
            buying
              ? t("No merchant is selling {{coin}} right now", { coin: symbol })
              : t("No merchant is buying {{coin}} right now", { coin: symbol })
          }
        />
      ) : (
        <>
          <ul className="divide-y rounded-lg border">
            {offers.data.slice(0, SHOWN).map((offer, index) => (
              <OfferLine key={offer.merchant_id} offer={offer} best={index === 0} buying={buying} />
            ))}
          </ul>
          <Button asChild variant="link" size="sm" className="h-11 justify-self-start px-0 sm:h-8">
            <Link to={`/trade-merchants?coin=${symbol}&side=${side}`}>
              {offers.data.length > SHOWN
                ? t("See all {{count}} offers", { count: offers.data.length })
                : buying
                  ? t("Buy {{coin}}", { coin: symbol })
                  : t("Sell {{coin}}", { coin: symbol })}
              <ArrowRight className="rtl:rotate-180" aria-hidden />
            </Link>
          </Button>
        </>
      )}
    </section>
  );
}

function OfferLine({ offer, best, buying }: { offer: MarketOffer; best: boolean; buying: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="flex items-center gap-3 px-3 py-2.5">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{offer.username}</p>
        <p className="truncate text-xs text-muted-foreground tabular">
          ★ {showScore(offer.reputation_score)} · {t("{{count}} trades", { count: offer.total_trades })}
        </p>
      </div>
      <div className="shrink-0 text-end">
        <p className={`text-sm font-semibold tabular ${buying ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400"}`}>
          {showNaira(offer.price)}
        </p>
        {best && <p className="text-[0.6875rem] font-medium uppercase tracking-wide text-muted-foreground">{t("Best price")}</p>}
      </div>
    </li>
  );
}
