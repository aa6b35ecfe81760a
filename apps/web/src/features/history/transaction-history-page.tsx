import { Link, useSearchParams } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { ChevronRight, Receipt } from "lucide-react";
import { COIN_SYMBOLS, msg, TRADE_SIDES, type CoinSymbol, type TradeSide } from "@p2p/shared";
import { FilterSelect, ListColumns, ListLoadError, ListRows, NoFilterMatch, SideCoinLogo } from "@/features/orders/list-parts";
import { cn } from "@/lib/cn";
import { translateServerText } from "@/i18n/server-text";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { EmptyState } from "@/ui/empty-state";
import { PageHeader } from "@/ui/page-header";
import { Pager } from "@/ui/pager";
import { Skeleton } from "@/ui/skeleton";
import { showCoin, showDateTime, showNaira } from "@/i18n/format";
import { HISTORY_PAGE_SIZE, useTransactionHistory, type Transaction, type TransactionFilters } from "./queries";

/** A row's title ("Buy SIDRA") and the type filter's options ("Buys"), per side. */
const TYPE_TEXT: Record<TradeSide, { title: string; option: string }> = {
  buy: { title: msg("Buy {{coin}}"), option: msg("Buys") },
  sell: { title: msg("Sell {{coin}}"), option: msg("Sells") },
};
/** transaction_history.status is free text on the server; completed is what trades write today. */
const STATUS: Record<string, { variant: "success" | "warning" | "danger"; label: string }> = {
  completed: { variant: "success", label: msg("Completed") },
  pending: { variant: "warning", label: msg("Pending") },
  cancelled: { variant: "danger", label: msg("Cancelled") },
  failed: { variant: "danger", label: msg("Failed") },
};
const titleCase = (value: string) => value.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

function useHistoryParams() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get("page"));
  const filters: TransactionFilters = {
    coin: oneOf<CoinSymbol>(COIN_SYMBOLS, params.get("coin")),
    type: oneOf<TradeSide>(TRADE_SIDES, params.get("type")),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  const update = (key: "coin" | "type" | "page", value: string | number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "" || (key === "page" && value === 1)) next.delete(key);
        else next.set(key, String(value));
        if (key !== "page") next.delete("page");
        return next;
      },
      { replace: true },
    );
  return { filters, update, clear: () => setParams(new URLSearchParams(), { replace: true }) };
}

/** /transaction-history: the caller's completed trades with filters and paging. */
export default function TransactionHistoryPage() {
  const { t } = useTranslation();
  const { filters, update, clear } = useHistoryParams();
  const query = useTransactionHistory(filters);
  const filtered = Boolean(filters.coin || filters.type);

  return (
    <div className="flex flex-col gap-5 sm:gap-6">
      <PageHeader
        title={t("Transaction History")}
        description={t("Every trade you completed, from your side: what you bought or sold, and the naira total.")}
      />

      <div className="grid grid-cols-2 gap-2 sm:flex sm:gap-3" role="group" aria-label={t("Filter transactions")}>
        <FilterSelect label={t("Coin")} value={filters.coin ?? ""} onChange={(value) => update("coin", value)} allLabel={t("All coins")}>
          {COIN_SYMBOLS.map((coin) => (
            <option key={coin} value={coin}>
              {coin}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label={t("Type")} value={filters.type ?? ""} onChange={(value) => update("type", value)} allLabel={t("Buys and sells")}>
          {TRADE_SIDES.map((side) => (
            <option key={side} value={side}>
              {t(TYPE_TEXT[side].option)}
            </option>
          ))}
        </FilterSelect>
      </div>

      <Card className="overflow-hidden">
        <ListColumns
          grid="grid-cols-[2.5rem_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.2fr)_1rem]"
          columns={[t("Trade"), t("Naira total"), t("Status"), t("Completed")]}
        />
        {query.isPending ? (
          <HistorySkeleton />
        ) : query.isError ? (
          <ListLoadError
            icon={<Receipt />}
            title={t("We couldn't load your transactions")}
            message={translateServerText(query.error.message)}
            retrying={query.isFetching}
            onRetry={() => query.refetch()}
          />
        ) : query.data.transactions.length > 0 ? (
          <ListRows stale={query.isPlaceholderData}>
            {query.data.transactions.map((tx) => (
              <TransactionRow key={tx.id} tx={tx} />
            ))}
          </ListRows>
        ) : filtered ? (
          <NoFilterMatch
            title={t("No transactions match these filters")}
            description={t("Try another coin or type, or clear the filters.")}
            onClear={clear}
          />
        ) : (
          <EmptyState
            className="py-12"
            icon={<Receipt />}
            title={t("No transactions yet")}
            description={t("When a trade completes, it's recorded here with its coin amount, naira total and date.")}
            action={
              <Button asChild size="sm" className="h-11 sm:h-8">
                <Link to="/trade-merchants">{t("Start a trade")}</Link>
              </Button>
            }
          />
        )}
      </Card>

      {query.data && (
        <Pager
          page={filters.page}
          pageSize={HISTORY_PAGE_SIZE}
          total={query.data.total}
          busy={query.isPlaceholderData}
          onPageChange={(page) => {
            update("page", page);
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </div>
  );
}

function TransactionRow({ tx }: { tx: Transaction }) {
  const { t } = useTranslation();
  const status = STATUS[tx.status];
  const content = (
    <>
      <SideCoinLogo coin={tx.crypto_type} isBuy={tx.transaction_type === "buy"} />
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold">{t(TYPE_TEXT[tx.transaction_type].title, { coin: tx.crypto_type })}</span>
        <span className="block truncate text-xs text-muted-foreground tabular">
          {showCoin(tx.amount)} {tx.crypto_type}
        </span>
      </span>
      <span className="min-w-0 text-end text-sm font-semibold tabular md:text-start">{showNaira(tx.total_amount)}</span>
      <span className="col-start-3 row-start-2 flex justify-end md:col-start-auto md:row-start-auto md:justify-start">
        <Badge variant={status?.variant ?? "muted"} className="px-2 py-0 text-[0.6875rem]">
          {status ? t(status.label) : translateServerText(titleCase(tx.status))}
        </Badge>
      </span>
      <span className="col-start-2 row-start-2 self-center truncate text-xs text-muted-foreground md:col-start-auto md:row-start-auto md:text-sm">
        {tx.completed_at ? <time dateTime={tx.completed_at}>{showDateTime(tx.completed_at)}</time> : t("Not completed")}
      </span>
      <ChevronRight className={cn("hidden size-4 text-muted-foreground rtl:rotate-180", tx.order_id && "md:block")} aria-hidden />
    </>
  );
  const layout =
    "grid grid-cols-[2.5rem_minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1.5 px-4 py-3.5 md:grid-cols-[2.5rem_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.2fr)_1rem] md:items-center md:gap-x-4 md:px-5";
  return (
    <li>
      {tx.order_id ? (
        <Link
          to={`/order/${tx.order_id}`}
          className={cn(layout, "transition-colors hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none")}
        >
          {content}
        </Link>
      ) : (
        <div className={layout}>{content}</div>
      )}
    </li>
  );
}

function HistorySkeleton() {
  const { t } = useTranslation();
  return (
    <ul className="divide-y" aria-busy aria-label={t("Loading transactions")}>
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="flex items-center gap-3 px-4 py-3.5 md:px-5">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-3 w-32" />
          </div>
          <div className="grid justify-items-end gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 w-16 rounded-full" />
          </div>
        </li>
      ))}
    </ul>
  );
}
