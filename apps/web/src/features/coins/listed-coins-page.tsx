import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Coins, RotateCw } from "lucide-react";
import type { Coin } from "@p2p/shared";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { EmptyState } from "@/ui/empty-state";
import { Skeleton } from "@/ui/skeleton";
import { showCoin, showNaira } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { useCoins } from "./queries";
import { TrendBadge } from "./trend-badge";
import { WatchButton } from "./watch-button";

/** /listed-coins: every listed coin with its best live prices, 24 h volume, trend and a watch star. */
export default function ListedCoinsPage() {
  const { t } = useTranslation();
  const coins = useCoins();

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("Listed Coins")}</h1>
        <p className="text-sm text-muted-foreground sm:text-base">
          {t("Coins you can trade with verified merchants. Prices are the best live offers right now; watch a coin to hear when they change.")}
        </p>
      </header>

      {coins.isPending ? (
        <CoinsSkeleton />
      ) : coins.isError ? (
        <Card>
          <EmptyState
            role="alert"
            icon={<Coins />}
            title={t("We couldn't load the listed coins")}
            description={translateServerText(coins.error.message)}
            action={
              <Button variant="outline" size="sm" onClick={() => coins.refetch()} disabled={coins.isFetching}>
                <RotateCw className={coins.isFetching ? "animate-spin" : undefined} />
                {t("Try again")}
              </Button>
            }
          />
        </Card>
      ) : coins.data.length === 0 ? (
        <Card>
          <EmptyState
            icon={<Coins />}
            title={t("No coins are listed right now")}
            description={t("Check back soon: our team lists new coins regularly.")}
          />
        </Card>
      ) : (
        <>
          <CoinsTable coins={coins.data} />
          <ul className="grid gap-3 sm:grid-cols-2 lg:hidden">
            {coins.data.map((coin) => (
              <CoinCard key={coin.symbol} coin={coin} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function Price({ amount }: { amount: string | null }) {
  const { t } = useTranslation();
  return amount ? (
    <span className="break-all font-semibold tabular">{showNaira(amount)}</span>
  ) : (
    <span className="text-sm text-muted-foreground">{t("No offers")}</span>
  );
}

function Volume({ coin }: { coin: Coin }) {
  const { t } = useTranslation();
  const { trades, naira_amount, coin_amount } = coin.volume_24h;
  if (trades === 0) return <span className="text-sm text-muted-foreground">{t("No trades yet")}</span>;
  return (
    <span className="grid min-w-0">
      <span className="break-all font-medium tabular">{showNaira(naira_amount)}</span>
      <span className="break-words text-xs text-muted-foreground tabular">
        {showCoin(coin_amount)} {coin.symbol} · {t("{{count}} trades", { count: trades })}
      </span>
    </span>
  );
}

function CoinName({ coin }: { coin: Coin }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <CoinLogo coin={coin.symbol} className="size-10" />
      <div className="min-w-0">
        <p className="truncate font-semibold">{coin.symbol}</p>
        <p className="text-xs text-muted-foreground">
          {coin.name} · {t("{{count}} merchants online", { count: coin.online_merchants })}
        </p>
      </div>
    </div>
  );
}

function TradeLinks({ coin }: { coin: Coin }) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-2">
      <Button asChild size="sm" className="h-11 flex-1 bg-emerald-700 text-white hover:bg-emerald-700/90 lg:h-8 lg:flex-none">
        <Link to={`/trade-merchants?coin=${coin.symbol}&side=buy`} aria-label={t("Buy {{coin}}", { coin: coin.symbol })}>
          {t("Buy")}
        </Link>
      </Button>
      <Button asChild size="sm" className="h-11 flex-1 bg-rose-600 text-white hover:bg-rose-600/90 lg:h-8 lg:flex-none">
        <Link to={`/trade-merchants?coin=${coin.symbol}&side=sell`} aria-label={t("Sell {{coin}}", { coin: coin.symbol })}>
          {t("Sell")}
        </Link>
      </Button>
    </div>
  );
}

function CoinsTable({ coins }: { coins: Coin[] }) {
  const { t } = useTranslation();
  return (
    <Card className="hidden overflow-hidden lg:block">
      <table className="w-full text-sm">
        <caption className="sr-only">{t("Listed coins with best prices, 24 hour volume and trend")}</caption>
        <thead className="border-b bg-muted/40 text-start text-xs font-medium text-muted-foreground">
          <tr>
            <th scope="col" className="px-5 py-3 text-start font-medium">
              {t("Coin")}
            </th>
            <th scope="col" className="px-3 py-3 text-end font-medium">
              {t("Best buy price")}
              <span className="block font-normal">{t("what you pay")}</span>
            </th>
            <th scope="col" className="px-3 py-3 text-end font-medium">
              {t("Best sell price")}
              <span className="block font-normal">{t("what you receive")}</span>
            </th>
            <th scope="col" className="px-3 py-3 text-start font-medium">
              {t("24h volume")}
            </th>
            <th scope="col" className="px-3 py-3 text-start font-medium">
              {t("Trend")}
            </th>
            <th scope="col" className="px-5 py-3 text-end font-medium">
              <span className="sr-only">{t("Actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {coins.map((coin) => (
            <tr key={coin.symbol} className="transition-colors hover:bg-muted/30">
              <td className="px-5 py-4">
                <CoinName coin={coin} />
              </td>
              <td className="px-3 py-4 text-end text-emerald-700 dark:text-emerald-400">
                <Price amount={coin.best_buy_price} />
              </td>
              <td className="px-3 py-4 text-end text-rose-700 dark:text-rose-400">
                <Price amount={coin.best_sell_price} />
              </td>
              <td className="px-3 py-4">
                <Volume coin={coin} />
              </td>
              <td className="px-3 py-4">
                <TrendBadge coin={coin} />
              </td>
              <td className="px-5 py-4">
                <div className="flex items-center justify-end gap-2">
                  <WatchButton symbol={coin.symbol} watched={coin.watched} />
                  <TradeLinks coin={coin} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function CoinCard({ coin }: { coin: Coin }) {
  const { t } = useTranslation();
  return (
    <li>
      <Card className="grid gap-4 p-4">
        <div className="flex items-start justify-between gap-3">
          <CoinName coin={coin} />
          <WatchButton symbol={coin.symbol} watched={coin.watched} compact />
        </div>
        <dl className="grid grid-cols-2 gap-3 rounded-lg bg-muted/50 p-3">
          <div className="grid min-w-0 gap-0.5">
            <dt className="text-xs text-muted-foreground">{t("Buy at")}</dt>
            <dd className="text-emerald-700 dark:text-emerald-400">
              <Price amount={coin.best_buy_price} />
            </dd>
          </div>
          <div className="grid min-w-0 gap-0.5">
            <dt className="text-xs text-muted-foreground">{t("Sell at")}</dt>
            <dd className="text-rose-700 dark:text-rose-400">
              <Price amount={coin.best_sell_price} />
            </dd>
          </div>
        </dl>
        <div className="flex items-center justify-between gap-3">
          <div className="min-w-0 text-sm">
            <p className="text-xs text-muted-foreground">{t("24h volume")}</p>
            <Volume coin={coin} />
          </div>
          <TrendBadge coin={coin} />
        </div>
        <TradeLinks coin={coin} />
      </Card>
    </li>
  );
}

function CoinsSkeleton() {
  const { t } = useTranslation();
  return (
    <Card className="grid gap-0 divide-y" aria-busy aria-label={t("Loading listed coins")}>
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex items-center gap-3 p-4 sm:px-5">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-3 w-36" />
          </div>
          <Skeleton className="hidden h-4 w-24 md:block" />
          <Skeleton className="hidden h-4 w-24 md:block" />
          <Skeleton className="h-6 w-20 rounded-full" />
        </div>
      ))}
    </Card>
  );
}
