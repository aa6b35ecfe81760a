import { lazy, Suspense, useCallback } from "react";
import { Link, useParams } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { ArrowLeft, RotateCw, WifiOff } from "lucide-react";
import { msg, type Order } from "@p2p/shared";
import { useSession } from "@/features/auth/queries";
import { translateServerText } from "@/i18n/server-text";
import { isApiError } from "@/lib/api";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { EmptyState } from "@/ui/empty-state";
import { Skeleton } from "@/ui/skeleton";
import { showCoin } from "@/i18n/format";
import { formatAge, orderReference } from "./format";
import { OrderActions } from "./order-actions";
import { OrderProgress } from "./order-progress";
import { OrderStatusCard } from "./order-status-card";
import { OrderSummary } from "./order-summary";
import { primaryAction } from "./order-view";
import { SIDE_HEADLINE, viewerOf, type Viewer } from "./viewer";
import { PaymentCard } from "./payment-card";
import { useOrder } from "./queries";
import { OrderStatusBadge } from "./status-badge";

/**
 * Cards an order shows only at some steps load when it reaches them: the payment proofs once the
 * merchant has accepted, the appeal once there is one, the rating once the trade is done.
 */
const PaymentProofsCard = lazy(() => import("./payment-proofs-card").then((m) => ({ default: m.PaymentProofsCard })));
const AppealCard = lazy(() => import("./appeal-card").then((m) => ({ default: m.AppealCard })));
const RatingCard = lazy(() => import("./rating-card").then((m) => ({ default: m.RatingCard })));
const RequestTaken = lazy(() => import("./order-missing").then((m) => ({ default: m.RequestTaken })));
const OrderNotFound = lazy(() => import("./order-missing").then((m) => ({ default: m.OrderNotFound })));

/** /order/:orderId — one order: where it stands, what to pay, and exactly what the caller may do. */
export default function OrderPage() {
  const { t } = useTranslation();
  const { orderId = "" } = useParams();
  const { data: user } = useSession();
  const query = useOrder(orderId);
  const refetch = query.refetch;
  const onExpired = useCallback(() => void refetch(), [refetch]);

  if (query.isPending) return <OrderSkeleton />;
  const listPath = user?.role === "merchant" ? "/merchant-orders" : "/order";
  if (isApiError(query.error, "NOT_FOUND")) {
    // A merchant watching an open request loses sight of it the moment another merchant takes it.
    const last = query.data;
    return (
      <Suspense fallback={<OrderSkeleton />}>
        {last && last.merchant === null && viewerOf(last, user?.id).isMerchant ? <RequestTaken /> : <OrderNotFound listPath={listPath} />}
      </Suspense>
    );
  }
  if (query.isError && !query.data) {
    return (
      <Card className="mx-auto max-w-lg">
        <EmptyState
          role="alert"
          icon={<RotateCw />}
          title={t("We couldn't load this order")}
          description={translateServerText(query.error.message)}
          action={
            <Button variant="outline" size="sm" onClick={() => refetch()} disabled={query.isFetching}>
              <RotateCw className={cn(query.isFetching && "animate-spin")} />
              {t("Try again")}
            </Button>
          }
        />
      </Card>
    );
  }

  const order = query.data!;
  const viewer = viewerOf(order, user?.id);
  const hasPinnedAction = primaryAction(order.allowed_actions) !== undefined;
  const otherName = viewer.counterparty?.username ?? t("the other party");

  return (
    <div className={cn("flex flex-col gap-5 sm:gap-6", hasPinnedAction && "pb-20 md:pb-0")}>
      <OrderHeader order={order} viewer={viewer} />
      {query.isError && (
        <p role="alert" className="flex items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
          <WifiOff className="size-4 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden />
          {t("Can't reach the server. This is the order as last loaded; we keep retrying.")}
        </p>
      )}

      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-6">
        <div className="flex min-w-0 flex-col gap-5">
          <OrderStatusCard order={order} viewer={viewer} onExpired={onExpired} />
          <PaymentCard order={order} viewer={viewer} />
          {/* One boundary each: a card loading later (the rating, at completion) never hides one already shown. */}
          <Suspense fallback={null}>{order.status !== "pending" && <PaymentProofsCard order={order} isAdmin={user?.role === "admin"} />}</Suspense>
          <Suspense fallback={null}>
            {order.appeal && <AppealCard appeal={order.appeal} viewerId={user?.id} counterpartyName={viewer.counterparty?.username} />}
          </Suspense>
          <Suspense fallback={null}>
            {(order.can_rate || order.my_rating !== null) && <RatingCard order={order} counterpartyName={otherName} />}
          </Suspense>
          <div className="hidden lg:block">
            <OrderProgress order={order} />
          </div>
        </div>
        <aside className="flex min-w-0 flex-col gap-5 lg:sticky lg:top-20">
          <OrderActions order={order} viewer={viewer} />
          <OrderSummary order={order} viewer={viewer} />
        </aside>
        {/* Phones read what to do and the amounts first, the step history after. */}
        <div className="lg:hidden">
          <OrderProgress order={order} />
        </div>
      </div>
    </div>
  );
}

function OrderHeader({ order, viewer }: { order: Order; viewer: Viewer }) {
  const { t } = useTranslation();
  const back =
    !order.merchant && viewer.isMerchant
      ? { to: "/marketplace", label: msg("Marketplace") }
      : viewer.isMerchant && !viewer.isCreator
        ? { to: "/merchant-orders", label: msg("Merchant orders") }
        : { to: "/order", label: msg("My orders") };
  const heading = { amount: showCoin(order.coin_amount), coin: order.coin };
  return (
    <header className="flex flex-col gap-3">
      <Link
        to={back.to}
        className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
        {t(back.label)}
      </Link>
      <div className="flex items-start gap-3">
        <CoinLogo coin={order.coin} className="size-11 sm:size-12" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
              <Trans i18nKey={SIDE_HEADLINE[viewer.side].title} values={heading} components={{ amount: <span className="tabular" /> }} />
            </h1>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className="mt-1 text-sm text-muted-foreground">
            <Trans
              i18nKey="Order <ref>#{{ref}}</ref> · placed <time>{{age}}</time>"
              values={{ ref: orderReference(order.id), age: formatAge(order.created_at) }}
              components={{ ref: <span className="font-mono" />, time: <time dateTime={order.created_at} /> }}
            />
          </p>
        </div>
      </div>
    </header>
  );
}

function OrderSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5" aria-busy aria-label={t("Loading order")}>
      <Skeleton className="h-4 w-24" />
      <div className="flex items-center gap-3">
        <Skeleton className="size-12 rounded-full" />
        <div className="grid gap-2">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-4 w-40" />
        </div>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid gap-5">
          <Skeleton className="h-40 rounded-xl" />
          <Skeleton className="h-56 rounded-xl" />
        </div>
        <div className="grid gap-5">
          <Skeleton className="h-36 rounded-xl" />
          <Skeleton className="h-64 rounded-xl" />
        </div>
      </div>
    </div>
  );
}
