import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { ChevronRight, ClipboardList, Hourglass, Loader2, Star } from "lucide-react";
import { ORDER_STEPS, type Order, type OrderListRole } from "@p2p/shared";
import { useSession } from "@/features/auth/queries";
import { translateServerText } from "@/i18n/server-text";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { EmptyState } from "@/ui/empty-state";
import { Pager } from "@/ui/pager";
import { Skeleton } from "@/ui/skeleton";
import { formatAge, formatAgeShort, formatCountdown } from "./format";
import { FilterSelect, ListColumns, ListLoadError, ListRows, NoFilterMatch, SideCoinLogo } from "./list-parts";
import { OPEN_ORDERS, STATUS_CHOICES, TRADE_SIDES, useListParams, type OrderListParams } from "./list-params";
import { useCoins } from "@/features/coins/queries";
import { showCoin, showNaira, showScore } from "@/i18n/format";
import { STATUS_META } from "./order-view";
import { viewerOf } from "./viewer";
import { ORDER_PAGE_SIZE, useOrders, type OrderFilters } from "./queries";
import { OrderStatusBadge } from "./status-badge";
import { useNow } from "@/lib/use-now";

/** Whose orders a list shows: the ones the caller created (/order) or took as merchant (/merchant-orders). */
export type OrderPerspective = OrderListRole;

type OrderListProps = {
  perspective: OrderPerspective;
  /** What to offer when there are no orders at all (already translated). */
  emptyTitle: string;
  emptyDescription: string;
  emptyAction?: ReactNode;
  /** Where the caller's other orders are, shown when this list is empty but those exist. */
  otherOrdersHint: ReactNode;
};

/** The server narrows the list to the screen's perspective (`role`), so paging and totals count only those. */
function toFilters(params: OrderListParams, role: OrderPerspective): OrderFilters {
  const { status, ...rest } = params;
  return status === OPEN_ORDERS ? { ...rest, role, active: true } : { ...rest, role, status };
}

/** The filterable, paged order list shared by /order and /merchant-orders. */
export function OrderList({ perspective, emptyTitle, emptyDescription, emptyAction, otherOrdersHint }: OrderListProps) {
  const { t } = useTranslation();
  const { data: user } = useSession();
  const { value, update, clear, filtered } = useListParams();
  const query = useOrders(toFilters(value, perspective));
  const now = useNow(1000);
  const orders = query.data?.orders ?? [];
  const changePage = (page: number) => {
    update("page", page);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="flex flex-col gap-4">
      <OrderFiltersBar params={value} onChange={update} />

      <Card className="overflow-hidden">
        <ListColumns
          grid="grid-cols-[2.5rem_minmax(0,1.5fr)_minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,0.8fr)_1rem]"
          columns={[t("Order"), t("Amount"), t("Status"), t("Placed")]}
        />
        {query.isPending ? (
          <ListSkeleton />
        ) : query.isError ? (
          <ListLoadError
            icon={<ClipboardList />}
            title={t("We couldn't load your orders")}
            message={translateServerText(query.error.message)}
            retrying={query.isFetching}
            onRetry={() => query.refetch()}
          />
        ) : orders.length > 0 ? (
          <ListRows stale={query.isPlaceholderData}>
            {orders.map((order) => (
              <OrderRow key={order.id} order={order} viewerId={user?.id} now={now} />
            ))}
          </ListRows>
        ) : value.page > 1 && query.data.total > 0 ? (
          <EmptyState
            icon={<ClipboardList />}
            title={t("No orders on this page")}
            action={
              <Button variant="outline" size="sm" onClick={() => changePage(1)}>
                {t("Back to the first page")}
              </Button>
            }
          />
        ) : filtered ? (
          <NoFilterMatch
            title={t("No orders match these filters")}
            description={t("Try another status, coin or side, or clear the filters to see all your orders.")}
            onClear={clear}
          />
        ) : (
          <EmptyState
            icon={<ClipboardList />}
            title={emptyTitle}
            // Merchants trade both ways: their orders of the other kind are on the other list.
            description={
              user?.role === "merchant" ? (
                <>
                  {emptyDescription} {otherOrdersHint}
                </>
              ) : (
                emptyDescription
              )
            }
            action={emptyAction}
          />
        )}
      </Card>

      {query.data && (
        <Pager page={value.page} pageSize={ORDER_PAGE_SIZE} total={query.data.total} onPageChange={changePage} busy={query.isPlaceholderData} />
      )}
    </div>
  );
}

function OrderFiltersBar({ params, onChange }: { params: OrderListParams; onChange: ReturnType<typeof useListParams>["update"] }) {
  const { t } = useTranslation();
  // The listed coins, and the one chosen in the address even if it has since been unlisted.
  const listed = useCoins().data?.map((coin) => coin.symbol) ?? [];
  const coinChoices = params.coin && !listed.includes(params.coin) ? [...listed, params.coin] : listed;
  return (
    <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:gap-3" role="group" aria-label={t("Filter orders")}>
      <FilterSelect
        label={t("Status")}
        value={params.status ?? ""}
        onChange={(value) => onChange("status", value)}
        allLabel={t("All statuses")}
        className="col-span-2 sm:w-48"
      >
        <option value={OPEN_ORDERS}>{t("Open orders")}</option>
        {STATUS_CHOICES.map((status) => (
          <option key={status} value={status}>
            {t(STATUS_META[status].label)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label={t("Coin")} value={params.coin ?? ""} onChange={(value) => onChange("coin", value)} allLabel={t("All coins")}>
        {coinChoices.map((coin) => (
          <option key={coin} value={coin}>
            {coin}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label={t("Side")} value={params.side ?? ""} onChange={(value) => onChange("side", value)} allLabel={t("Buy and sell")}>
        {TRADE_SIDES.map((side) => (
          <option key={side} value={side}>
            {side === "buy" ? t("You buy") : t("You sell")}
          </option>
        ))}
      </FilterSelect>
    </div>
  );
}

function OrderRow({ order, viewerId, now }: { order: Order; viewerId: string | undefined; now: number }) {
  const { t } = useTranslation();
  const { side, counterparty: other } = viewerOf(order, viewerId);
  const step = Math.min(order.current_step, ORDER_STEPS);

  return (
    <li>
      <Link
        to={`/order/${order.id}`}
        className="grid grid-cols-[2.5rem_minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1.5 px-4 py-3.5 transition-colors hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none md:grid-cols-[2.5rem_minmax(0,1.5fr)_minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,0.8fr)_1rem] md:items-center md:gap-x-4 md:px-5"
      >
        <SideCoinLogo coin={order.coin} isBuy={side === "buy"} />

        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold">
            {side === "buy" ? t("Buy {{coin}}", { coin: order.coin }) : t("Sell {{coin}}", { coin: order.coin })}
          </span>
          <span className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
            {other ? (
              <>
                <span className="truncate">{t("with {{name}}", { name: other.username })}</span>
                <span className="inline-flex shrink-0 items-center gap-0.5 tabular">
                  <Star className="size-3 fill-amber-400 text-amber-400" aria-hidden />
                  <span className="sr-only">{t("reputation")}</span>
                  {showScore(other.reputation_score)}
                </span>
              </>
            ) : (
              <span className="truncate">
                {order.merchant ? `${order.creator.username} ↔ ${order.merchant.username}` : t("Waiting for a merchant")}
              </span>
            )}
          </span>
        </span>

        <span className="min-w-0 text-end md:text-start">
          <span className="block truncate text-sm font-semibold tabular">{showNaira(order.naira_amount)}</span>
          <span className="block truncate text-xs text-muted-foreground tabular">
            {showCoin(order.coin_amount)} {order.coin}
          </span>
        </span>

        {/* On a phone the status and the step share the second line, across both text columns, so a
            wide status (countdown and badge) never narrows the line above it (the counterparty's name). */}
        <span className="col-span-2 col-start-2 flex min-w-0 flex-row-reverse items-center justify-between gap-2 md:contents">
          <span className="flex shrink-0 flex-row-reverse items-center gap-2 md:flex-col md:items-start md:gap-1">
            <OrderStatusBadge status={order.status} className="px-2 py-0 text-[0.6875rem]" />
            {order.deadline && <TimeLeft endsAt={order.deadline.ends_at} now={now} />}
            <span className="hidden text-xs text-muted-foreground tabular md:block">
              {t("Step {{step}} of {{steps}}", { step, steps: ORDER_STEPS })}
            </span>
          </span>

          <span className="min-w-0 truncate text-xs text-muted-foreground tabular">
            <span className="md:hidden">{t("Step {{step}} of {{steps}}", { step, steps: ORDER_STEPS })} · </span>
            <time dateTime={order.created_at} title={formatAge(order.created_at, now)}>
              <span className="md:hidden">{formatAgeShort(order.created_at, now)}</span>
              <span className="hidden md:inline">{formatAge(order.created_at, now)}</span>
            </time>
          </span>
        </span>

        <ChevronRight className="hidden size-4 text-muted-foreground md:block rtl:rotate-180" aria-hidden />
      </Link>
    </li>
  );
}

/** The running window's time left, so the orders that need someone now stand out. */
function TimeLeft({ endsAt, now }: { endsAt: string; now: number }) {
  const { t } = useTranslation();
  const left = new Date(endsAt).getTime() - now;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 text-xs font-medium tabular",
        left < 5 * 60_000 ? "text-destructive" : "text-amber-700 dark:text-amber-400",
      )}
    >
      <Hourglass className="size-3" aria-hidden />
      <span className="sr-only">{t("Time left:")}</span>
      {left > 0 ? formatCountdown(left) : t("Time up")}
    </span>
  );
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <ul className="divide-y" aria-busy>
      <li className="sr-only">
        <Loader2 aria-hidden /> {t("Loading orders…")}
      </li>
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="flex items-center gap-3 px-4 py-3.5 md:px-5">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-3 w-36" />
          </div>
          <div className="grid justify-items-end gap-2">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-4 w-14 rounded-full" />
          </div>
        </li>
      ))}
    </ul>
  );
}
