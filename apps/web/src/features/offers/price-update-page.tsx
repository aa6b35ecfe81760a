import { useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { BadgeCheck, RotateCw, Tags } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import type { Coin, Offer } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { CoinPicker } from "@/ui/coin-picker";
import { EmptyState } from "@/ui/empty-state";
import { Skeleton } from "@/ui/skeleton";
import { useSession } from "@/features/auth/queries";
import { showNaira, showRelative } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { useCoins } from "@/features/coins/queries";
import { ApplyAsMerchantButton, MerchantsOnlyCard } from "@/features/merchant-application/merchants-only-card";
import { OfferForm } from "./offer-form";
import { useMyOffers } from "./queries";

/** "Price Update" (/price-update): a merchant's one offer per coin. Others see a clear merchants-only state. */
export default function PriceUpdatePage() {
  const { t } = useTranslation();
  const { data: user } = useSession();
  const isMerchant = user?.role === "merchant";

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("Price Update")}</h1>
        <p className="text-sm text-muted-foreground sm:text-base">
          {t("Set your naira prices, order limits, payment details and online status for each coin you trade.")}
        </p>
      </header>
      {isMerchant ? <MerchantPricing /> : <MerchantsOnly isAdmin={user?.role === "admin"} />}
    </div>
  );
}

function MerchantsOnly({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  return (
    <MerchantsOnlyCard
      icon={<BadgeCheck />}
      title={t("Price Update is for verified merchants only")}
      description={
        isAdmin
          ? t("Merchants set their own prices here. Admins can review merchants and offers from the Admin Panel.")
          : t(
              "Merchants publish buy and sell prices that traders can take. Apply to become a merchant to set your own prices; until then you can trade with merchants' offers.",
            )
      }
      action={
        isAdmin ? (
          <Button asChild size="sm" className="h-11 sm:h-8">
            <Link to="/admin">{t("Open the Admin Panel")}</Link>
          </Button>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row">
            <ApplyAsMerchantButton />
            <Button asChild size="sm" variant="outline" className="h-11 sm:h-8">
              <Link to="/trade-merchants">{t("Trade with Merchants")}</Link>
            </Button>
          </div>
        )
      }
    />
  );
}

function MerchantPricing() {
  const { t } = useTranslation();
  const coins = useCoins();
  const offers = useMyOffers();
  const [params, setParams] = useSearchParams();
  const formRef = useRef<HTMLDivElement>(null);

  if (coins.isPending || offers.isPending) {
    return (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" aria-busy aria-label={t("Loading your offers")}>
        <Skeleton className="h-[36rem] rounded-xl" />
        <Skeleton className="h-72 rounded-xl" />
      </div>
    );
  }
  if (coins.isError || offers.isError) {
    const failed = coins.isError ? coins : offers;
    return (
      <Card>
        <EmptyState
          role="alert"
          icon={<Tags />}
          title={t("We couldn't load your offers")}
          description={failed.error ? translateServerText(failed.error.message) : undefined}
          action={
            <Button variant="outline" size="sm" onClick={() => void Promise.all([coins.refetch(), offers.refetch()])}>
              <RotateCw />
              {t("Try again")}
            </Button>
          }
        />
      </Card>
    );
  }

  const mine = offers.data;
  const listed = coins.data;
  if (listed.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<Tags />}
          title={t("No coins are listed right now")}
          description={t("You can set prices once our team lists coins for trading.")}
        />
      </Card>
    );
  }
  const coin = listed.find((c) => c.symbol === params.get("coin")?.toUpperCase())?.symbol ?? listed[0]!.symbol;
  const offer = mine.find((o) => o.coin === coin);
  const select = (symbol: string, scroll = false) => {
    setParams({ coin: symbol }, { replace: true, preventScrollReset: true });
    if (scroll) formRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  const hint = (symbol: string) => {
    const o = mine.find((m) => m.coin === symbol);
    if (!o) return undefined;
    return o.online ? (
      <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
        <span className="size-1.5 rounded-full bg-current" aria-hidden />
        {t("On")}
      </span>
    ) : (
      t("Off")
    );
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card ref={formRef} className="scroll-mt-20">
        <CardHeader className="gap-4">
          <div className="grid gap-1">
            <CardTitle className="text-base">{offer ? t("Edit your {{coin}} offer", { coin }) : t("Create your {{coin}} offer", { coin })}</CardTitle>
            <CardDescription>
              {offer
                ? t("Last saved {{age}}. Orders already placed keep their price.", { age: showRelative(offer.updated_at) })
                : t("Not published yet: traders can't see an offer from you for this coin.")}
            </CardDescription>
          </div>
          <CoinPicker
            label={t("Coin to price")}
            coins={listed.map((c) => ({ symbol: c.symbol, hint: hint(c.symbol) }))}
            value={coin}
            onChange={(s) => select(s)}
          />
        </CardHeader>
        <CardContent>
          <OfferForm coin={coin} offer={offer} otherOffer={mine.find((o) => o.coin !== coin)} market={listed.find((c) => c.symbol === coin)} />
        </CardContent>
      </Card>

      <MyOffers offers={mine} listed={listed} selected={coin} onSelect={(s) => select(s, true)} />
    </div>
  );
}

function MyOffers({ offers, listed, selected, onSelect }: { offers: Offer[]; listed: Coin[]; selected: string; onSelect: (symbol: string) => void }) {
  const { t } = useTranslation();
  const online = offers.filter((o) => o.online).length;
  const unpriced = listed.length - offers.length;
  return (
    <Card className="lg:sticky lg:top-20">
      <CardHeader>
        <CardTitle className="text-base">{t("Your offers")}</CardTitle>
        <CardDescription>
          {offers.length === 0 ? (
            t("None yet.")
          ) : (
            <>
              {t("{{online}} of {{total}} online", { online, total: offers.length })}
              {unpriced > 0 && ` · ${t("{{count}} listed coins without an offer", { count: unpriced })}`}
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {offers.length === 0 ? (
          <EmptyState
            className="rounded-lg border border-dashed"
            icon={<Tags />}
            title={t("You haven't published any offers yet")}
            description={t("Fill in the form for a coin and publish it: online offers appear to traders right away.")}
          />
        ) : (
          <ul className="grid gap-2">
            {offers.map((o) => (
              <li key={o.id}>
                <button
                  type="button"
                  onClick={() => onSelect(o.coin)}
                  aria-current={o.coin === selected ? "true" : undefined}
                  className="grid w-full gap-2 rounded-lg border p-3 text-start transition-colors hover:bg-muted/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[current=true]:border-primary aria-[current=true]:bg-primary/5"
                >
                  <span className="flex items-center gap-2">
                    <CoinLogo coin={o.coin} className="size-7" />
                    <span className="flex-1 font-semibold">{o.coin}</span>
                    <Badge variant={o.online ? "success" : "muted"}>{o.online ? t("Online") : t("Offline")}</Badge>
                  </span>
                  <span className="grid grid-cols-2 gap-2 text-xs">
                    <span className="grid">
                      <span className="text-muted-foreground">{t("You buy at")}</span>
                      <span className="truncate text-sm font-semibold tabular">{showNaira(o.buy_price)}</span>
                    </span>
                    <span className="grid">
                      <span className="text-muted-foreground">{t("You sell at")}</span>
                      <span className="truncate text-sm font-semibold tabular">{showNaira(o.sell_price)}</span>
                    </span>
                  </span>
                  <span className="text-xs text-muted-foreground tabular">
                    {t("Limits {{min}} – {{max}} · updated {{age}}", {
                      min: showNaira(o.min_order),
                      max: showNaira(o.max_order),
                      age: showRelative(o.updated_at),
                    })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
