import { lazy, useState, type ReactNode } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { Link, useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeftRight, Megaphone, RotateCw, ShieldCheck, Store, Wallet } from "lucide-react";
import { msg, parseCoin, type MarketOffer, type TradeSide, type WalletBalance } from "@p2p/shared";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { CoinPicker } from "@/ui/coin-picker";
import { EmptyState } from "@/ui/empty-state";
import { MountOnceOpened } from "@/ui/mount-once-opened";
import { Skeleton } from "@/ui/skeleton";
import { useSession } from "@/features/auth/queries";
import { showCoin, showCount } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { useCoins } from "@/features/coins/queries";
import { chosenMarket, offerKeys, useMarketOffers } from "@/features/offers/queries";
import { useWallet } from "@/features/wallet/queries";
import { OfferList } from "./offer-card";
import { EMPTY_PAYOUT, type Payout } from "./payout-fields";
import { SideToggle } from "./side-toggle";

// The order and request forms (react-hook-form, zod) load when first opened, not with the merchants list.
const OrderDialog = lazy(() => import("./order-dialog").then((m) => ({ default: m.OrderDialog })));
const OpenRequestDialog = lazy(() => import("./open-request-dialog").then((m) => ({ default: m.OpenRequestDialog })));

/** /trade-merchants: pick a coin and a side, compare online merchants' offers, and place an order. */
export default function TradeMerchantsPage() {
  const { t } = useTranslation();
  const { data: user } = useSession();
  const coins = useCoins();
  const [params, setParams] = useSearchParams();
  const list = coins.data ?? [];
  const { coin, side } = chosenMarket(list, params);
  const update = (next: { coin?: string; side?: TradeSide }) =>
    setParams({ coin: next.coin ?? coin?.symbol ?? "", side: next.side ?? side }, { replace: true, preventScrollReset: true });

  const header = (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("Trade with Merchants")}</h1>
        <p className="text-sm text-muted-foreground sm:text-base">
          {t("Buy or sell with verified merchants. The seller's coins stay in escrow until the naira arrives.")}
        </p>
      </div>
    </header>
  );

  if (user?.role === "admin") {
    return (
      <div className="flex flex-col gap-6">
        {header}
        <Card>
          <EmptyState
            icon={<ShieldCheck />}
            title={t("Admin accounts don't trade")}
            description={t("To keep reviews impartial, admins can't place orders. Use a user or merchant account to trade.")}
            action={
              <Button asChild size="sm" variant="outline">
                <Link to="/admin">{t("Open the Admin Panel")}</Link>
              </Button>
            }
          />
        </Card>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      {header}
      {coins.isPending ? (
        <div className="grid gap-4" aria-busy aria-label={t("Loading coins")}>
          <Skeleton className="h-11 w-64 rounded-lg" />
          <div className="flex gap-2">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-10 w-24 rounded-full" />
            ))}
          </div>
          <OffersSkeleton />
        </div>
      ) : coins.isError ? (
        <Card>
          <EmptyState
            role="alert"
            icon={<ArrowLeftRight />}
            title={t("We couldn't load the coins")}
            description={translateServerText(coins.error.message)}
            action={
              <Button variant="outline" size="sm" onClick={() => coins.refetch()}>
                <RotateCw />
                {t("Try again")}
              </Button>
            }
          />
        </Card>
      ) : !coin ? (
        <Card>
          <EmptyState icon={<ArrowLeftRight />} title={t("No coins are listed for trading right now")} description={t("Check back soon.")} />
        </Card>
      ) : (
        <Market
          coin={coin.symbol}
          side={side}
          bestPrice={side === "buy" ? coin.best_buy_price : coin.best_sell_price}
          coinPicker={<CoinPicker label={t("Coin")} coins={list} value={coin.symbol} onChange={(symbol) => update({ coin: symbol })} />}
          onSideChange={(s) => update({ side: s })}
        />
      )}
    </div>
  );
}

function Market({
  coin,
  side,
  bestPrice,
  coinPicker,
  onSideChange,
}: {
  coin: string;
  side: TradeSide;
  bestPrice: string | null;
  coinPicker: ReactNode;
  onSideChange: (side: TradeSide) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const offers = useMarketOffers(coin, side);
  const wallet = useWallet();
  const balance = wallet.data?.find((b) => b.coin === coin);
  const [chosen, setChosen] = useState<MarketOffer | null>(null);
  const [requestOpen, setRequestOpen] = useState(false);
  // The seller's bank account, kept across dialogs so it is typed once per visit.
  const [payout, setPayout] = useState<Payout>(EMPTY_PAYOUT);
  const selling = side === "sell";

  return (
    <>
      <section aria-label={t("What to trade")} className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <SideToggle value={side} onChange={onSideChange} />
          <Button variant="outline" onClick={() => setRequestOpen(true)} className="h-11 sm:h-10 sm:self-auto">
            <Megaphone />
            {t("Post open request")}
          </Button>
        </div>
        {coinPicker}
      </section>

      {selling && <BalanceStrip coin={coin} balance={balance} loading={wallet.isPending} />}

      <section aria-labelledby="offers-heading" className="grid gap-3">
        <div className="flex items-center justify-between gap-3">
          <h2 id="offers-heading" className="min-w-0 text-base font-semibold">
            {selling ? t("Merchants buying {{coin}}", { coin }) : t("Merchants selling {{coin}}", { coin })}
            {offers.data && (
              <span className="ms-2 text-sm font-normal text-muted-foreground tabular">
                {t("({{number}} online)", { number: showCount(offers.data.length) })}
              </span>
            )}
          </h2>
          <Button
            variant="ghost"
            size="sm"
            className="size-11 sm:size-auto sm:h-8"
            onClick={() => offers.refetch()}
            disabled={offers.isFetching}
            aria-label={t("Refresh offers")}
          >
            <RotateCw className={offers.isFetching ? "animate-spin" : undefined} />
            <span className="hidden sm:inline">{t("Refresh")}</span>
          </Button>
        </div>

        {offers.isPending ? (
          <OffersSkeleton />
        ) : offers.isError ? (
          <Card>
            <EmptyState
              role="alert"
              icon={<Store />}
              title={t("We couldn't load the offers")}
              description={translateServerText(offers.error.message)}
              action={
                <Button variant="outline" size="sm" onClick={() => offers.refetch()}>
                  <RotateCw />
                  {t("Try again")}
                </Button>
              }
            />
          </Card>
        ) : offers.data.length === 0 ? (
          <Card>
            <EmptyState
              icon={<Store />}
              title={selling ? t("No merchant is buying {{coin}} right now", { coin }) : t("No merchant is selling {{coin}} right now", { coin })}
              description={t("Post an open request instead: any merchant who comes online can take it. Or try another coin.")}
              action={
                <Button size="sm" onClick={() => setRequestOpen(true)}>
                  <Megaphone />
                  {t("Post open request")}
                </Button>
              }
            />
          </Card>
        ) : (
          <Card className="overflow-hidden">
            <div className="hidden border-b bg-muted/40 px-5 py-2.5 text-xs font-medium text-muted-foreground lg:grid lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1.2fr)_minmax(0,1fr)_auto] lg:gap-4">
              <span>{t("Merchant")}</span>
              <span>{t("Price per {{coin}}", { coin })}</span>
              <span>{t("Limits")}</span>
              <span>{t("Payment")}</span>
              <span className="w-32" />
            </div>
            <OfferList offers={offers.data} onTrade={setChosen} />
          </Card>
        )}
      </section>

      <HowItWorks />

      <MountOnceOpened opened={chosen !== null}>
        <OrderDialog
          offer={chosen}
          side={side}
          coin={coin}
          balance={balance}
          payout={payout}
          onPayoutChange={setPayout}
          onOpenChange={(open) => !open && setChosen(null)}
          onOfferGone={() => void queryClient.invalidateQueries({ queryKey: offerKeys.market(coin, side) })}
        />
      </MountOnceOpened>
      <MountOnceOpened opened={requestOpen}>
        <OpenRequestDialog
          open={requestOpen}
          onOpenChange={setRequestOpen}
          coin={coin}
          side={side}
          bestPrice={bestPrice}
          balance={balance}
          payout={payout}
          onPayoutChange={setPayout}
        />
      </MountOnceOpened>
    </>
  );
}

function BalanceStrip({ coin, balance, loading }: { coin: string; balance: WalletBalance | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const empty = !balance || parseCoin(balance.available) === 0n;
  return (
    <Card className="flex flex-wrap items-center gap-x-6 gap-y-2 p-4">
      <span className="inline-flex size-9 items-center justify-center rounded-lg bg-primary/12 text-primary">
        <Wallet className="size-4" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{t("Available to sell")}</p>
        {loading ? (
          <Skeleton className="mt-1 h-5 w-28" />
        ) : (
          <p className="break-all font-semibold tabular">
            {showCoin(balance?.available ?? "0")} {coin}
          </p>
        )}
      </div>
      {balance && parseCoin(balance.in_escrow) > 0n && (
        <div className="min-w-0">
          <p className="text-xs text-muted-foreground">{t("In escrow")}</p>
          <p className="break-all font-medium tabular text-muted-foreground">
            {showCoin(balance.in_escrow)} {coin}
          </p>
        </div>
      )}
      <Button asChild variant={empty ? "default" : "outline"} size="sm" className="ms-auto h-11 sm:h-8">
        <Link to="/wallet">{empty ? t("Deposit {{coin}}", { coin }) : t("Wallet")}</Link>
      </Button>
      {!loading && empty && (
        <p className="w-full text-xs text-muted-foreground">
          {t("You need {{coin}} in your wallet to sell it: it is locked in escrow when you place the order.", { coin })}
        </p>
      )}
    </Card>
  );
}

const STEPS = [
  { title: msg("Place the order"), text: msg("Choose a merchant and an amount. The seller's coins are locked in escrow.") },
  { title: msg("Pay by bank transfer"), text: msg("The buyer sends naira to the account on the order page and marks it paid.") },
  { title: msg("Coins released"), text: msg("The seller confirms the naira arrived and escrow releases the coins.") },
];

function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section aria-label={t("How a trade works")} className="grid gap-3 rounded-xl border border-dashed p-4 sm:grid-cols-3 sm:p-5">
      {STEPS.map((step, i) => (
        <div key={step.title} className="flex gap-3">
          <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/12 text-xs font-bold text-primary">
            {i + 1}
          </span>
          <div>
            <p className="text-sm font-semibold">{t(step.title)}</p>
            <p className="text-xs text-muted-foreground">{t(step.text)}</p>
          </div>
        </div>
      ))}
    </section>
  );
}

function OffersSkeleton() {
  const { t } = useTranslation();
  return (
    <Card className="divide-y" aria-busy aria-label={t("Loading offers")}>
      {[0, 1, 2].map((i) => (
        <div key={i} className="grid gap-3 p-4 lg:flex lg:items-center lg:gap-6 lg:px-5">
          <div className="flex items-center gap-3 lg:w-1/4">
            <Skeleton className="size-9 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-3 w-40" />
            </div>
          </div>
          <Skeleton className="h-6 w-32" />
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-10 w-full lg:ms-auto lg:w-32" />
        </div>
      ))}
    </Card>
  );
}
