import { Link, useSearchParams } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { LineChart, RotateCw } from "lucide-react";
import { formatNaira, parseNaira, type Coin } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { CoinPicker } from "@/ui/coin-picker";
import { EmptyState } from "@/ui/empty-state";
import { Skeleton } from "@/ui/skeleton";
import { showNaira } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { MerchantPricesCard } from "./merchant-prices-card";
import { PriceHistoryCard } from "./price-history-card";
import { useCoins } from "./queries";
import { TrendBadge } from "./trend-badge";

/** /price: best live prices per coin across online merchants, and a chart of completed-trade prices. */
export default function PricePage() {
  const { t } = useTranslation();
  const coins = useCoins();
  const [params, setParams] = useSearchParams();
  const list = coins.data ?? [];
  const selected = list.find((c) => c.symbol === params.get("coin")?.toUpperCase()) ?? list[0];
  const select = (symbol: string) => setParams({ coin: symbol }, { replace: true, preventScrollReset: true });

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("Price")}</h1>
        <p className="text-sm text-muted-foreground sm:text-base">
          {t("Live naira prices from online merchants, and what coins actually traded for.")}
        </p>
      </header>

      {coins.isPending ? (
        <div className="grid gap-4" aria-busy aria-label={t("Loading prices")}>
          <div className="flex gap-2">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-10 w-24 rounded-full" />
            ))}
          </div>
          <Skeleton className="h-36 w-full rounded-xl" />
          <Skeleton className="h-80 w-full rounded-xl" />
        </div>
      ) : coins.isError ? (
        <Card>
          <EmptyState
            role="alert"
            icon={<LineChart />}
            title={t("We couldn't load prices")}
            description={translateServerText(coins.error.message)}
            action={
              <Button variant="outline" size="sm" onClick={() => coins.refetch()} disabled={coins.isFetching}>
                <RotateCw className={coins.isFetching ? "animate-spin" : undefined} />
                {t("Try again")}
              </Button>
            }
          />
        </Card>
      ) : !selected ? (
        <Card>
          <EmptyState icon={<LineChart />} title={t("No coins are listed right now")} description={t("Prices appear here once coins are listed.")} />
        </Card>
      ) : (
        <>
          <CoinPicker label={t("Coin")} coins={list} value={selected.symbol} onChange={select} />
          <CoinSummary coin={selected} />
          <PriceHistoryCard symbol={selected.symbol} />
          <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
            <MerchantPricesCard symbol={selected.symbol} />
            <AllCoinsCard coins={list} selected={selected.symbol} onSelect={select} />
          </div>
        </>
      )}
    </div>
  );
}

/** The gap between what merchants sell at and buy at, in naira and as a share of the buy price. */
function spreadOf(coin: Coin): string | null {
  if (!coin.best_buy_price || !coin.best_sell_price) return null;
  const ask = parseNaira(coin.best_buy_price);
  const bid = parseNaira(coin.best_sell_price);
  if (ask < bid) return null;
  return showNaira(formatNaira(ask - bid));
}

function CoinSummary({ coin }: { coin: Coin }) {
  const { t } = useTranslation();
  const spread = spreadOf(coin);
  return (
    <Card className="grid gap-4 p-4 sm:p-5 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center">
      <div className="flex min-w-0 items-center gap-3">
        <CoinLogo coin={coin.symbol} className="size-12" />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-bold">{coin.symbol}</h2>
            <TrendBadge coin={coin} />
          </div>
          <p className="text-sm text-muted-foreground">
            {coin.name} · {t("{{count}} merchants online", { count: coin.online_merchants })}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:flex lg:gap-8">
        <div className="grid min-w-0 gap-0.5">
          <dt className="text-xs text-muted-foreground">{t("Best buy price")}</dt>
          <dd className="break-all text-lg font-bold text-emerald-700 tabular dark:text-emerald-400">
            {coin.best_buy_price ? (
              showNaira(coin.best_buy_price)
            ) : (
              <span className="break-normal text-sm font-normal text-muted-foreground">{t("No sellers online")}</span>
            )}
          </dd>
        </div>
        <div className="grid min-w-0 gap-0.5">
          <dt className="text-xs text-muted-foreground">{t("Best sell price")}</dt>
          <dd className="break-all text-lg font-bold text-rose-700 tabular dark:text-rose-400">
            {coin.best_sell_price ? (
              showNaira(coin.best_sell_price)
            ) : (
              <span className="break-normal text-sm font-normal text-muted-foreground">{t("No buyers online")}</span>
            )}
          </dd>
        </div>
        <div className="col-span-2 grid min-w-0 gap-0.5 sm:col-span-1">
          <dt className="text-xs text-muted-foreground">{t("Spread")}</dt>
          <dd className="text-lg font-semibold tabular">{spread ?? <span className="text-sm font-normal text-muted-foreground">–</span>}</dd>
        </div>
      </dl>
      <div className="flex gap-2 lg:col-span-2">
        <Button asChild className="h-11 min-w-0 flex-1 bg-emerald-700 text-white hover:bg-emerald-700/90 sm:h-10 sm:flex-none">
          <Link to={`/trade-merchants?coin=${coin.symbol}&side=buy`}>{t("Buy {{coin}}", { coin: coin.symbol })}</Link>
        </Button>
        <Button asChild className="h-11 min-w-0 flex-1 bg-rose-600 text-white hover:bg-rose-600/90 sm:h-10 sm:flex-none">
          <Link to={`/trade-merchants?coin=${coin.symbol}&side=sell`}>{t("Sell {{coin}}", { coin: coin.symbol })}</Link>
        </Button>
      </div>
    </Card>
  );
}

function AllCoinsCard({ coins, selected, onSelect }: { coins: Coin[]; selected: string; onSelect: (symbol: string) => void }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t("Best prices, all coins")}</CardTitle>
        <CardDescription>{t("Buy: lowest price a merchant sells at. Sell: highest price a merchant buys at.")}</CardDescription>
      </CardHeader>
      <CardContent className="px-2 sm:px-3">
        <table className="w-full table-fixed text-sm">
          <thead className="text-start text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="w-[34%] px-2 pb-2 text-start font-medium">
                {t("Coin")}
              </th>
              <th scope="col" className="px-2 pb-2 text-end font-medium">
                {t("Buy")}
              </th>
              <th scope="col" className="px-2 pb-2 text-end font-medium">
                {t("Sell")}
              </th>
            </tr>
          </thead>
          <tbody>
            {coins.map((coin) => (
              <tr
                key={coin.symbol}
                className={cn("cursor-pointer border-t transition-colors hover:bg-muted/40", coin.symbol === selected && "bg-primary/8")}
                onClick={() => onSelect(coin.symbol)}
              >
                <th scope="row" className="px-2 py-2.5 text-start font-normal">
                  <button
                    type="button"
                    className="flex min-h-11 min-w-0 items-center gap-2 rounded-md font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    aria-current={coin.symbol === selected ? "true" : undefined}
                    onClick={(e) => {
                      e.stopPropagation();
                      onSelect(coin.symbol);
                    }}
                  >
                    <CoinLogo coin={coin.symbol} className="size-6" />
                    <span className="truncate">{coin.symbol}</span>
                  </button>
                </th>
                <td className="break-all px-2 py-2.5 text-end tabular text-emerald-700 dark:text-emerald-400">
                  {coin.best_buy_price ? showNaira(coin.best_buy_price) : <span className="text-muted-foreground">–</span>}
                </td>
                <td className="break-all px-2 py-2.5 text-end tabular text-rose-700 dark:text-rose-400">
                  {coin.best_sell_price ? showNaira(coin.best_sell_price) : <span className="text-muted-foreground">–</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
