import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AlertTriangle, ArrowDownLeft, ArrowUpRight, Check, Hourglass, Loader2, RotateCw, Star, Store, Tags } from "lucide-react";
import { toast } from "@/ui/toast";
import { useTranslation } from "@/i18n/use-translation";
import type { MarketplaceRequest, TradeSide } from "@p2p/shared";
import { useSession } from "@/features/auth/queries";
import { MerchantsOnlyCard } from "@/features/merchant-application/merchants-only-card";
import { formatAge, formatCountdown } from "@/features/orders/format";
import { answerUnknown, useIntentKey } from "@/lib/idempotency";
import { useAcceptOrderMutation } from "@/features/orders/mutations";
import { useNow } from "@/lib/use-now";
import { isApiError } from "@/lib/api";
import { cn } from "@/lib/cn";
import { showCoin, showCount, showNaira, showScore } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { EmptyState } from "@/ui/empty-state";
import { PageHeader } from "@/ui/page-header";
import { Skeleton } from "@/ui/skeleton";
import { MARKETPLACE_REFETCH_MS, useMarketplace } from "./queries";
import { useRealtimeStatus } from "@/features/realtime/realtime-context";

/** The merchant trades the other side of the creator's request. */
const MERCHANT_SIDE: Record<TradeSide, TradeSide> = { buy: "sell", sell: "buy" };
const URGENT_MS = 2 * 60_000;

/** /marketplace: open requests any online merchant may take; the first acceptance wins. */
export default function MarketplacePage() {
  const { t } = useTranslation();
  const { data: user } = useSession();
  const isMerchant = user?.role === "merchant";

  return (
    <div className="flex flex-col gap-5 sm:gap-6">
      <PageHeader
        title={t("Marketplace")}
        description={
          isMerchant
            ? t("Open requests from traders for the coins you have an online offer for. The first merchant to accept takes the trade.")
            : t("Open buy and sell requests from traders, taken by verified merchants.")
        }
        action={
          isMerchant ? (
            <Button asChild variant="outline">
              <Link to="/price-update">
                <Tags />
                {t("Your offers")}
              </Link>
            </Button>
          ) : undefined
        }
      />
      {isMerchant ? (
        <RequestList />
      ) : (
        <MerchantsOnlyCard
          icon={<Store />}
          title={t("The marketplace is for merchants")}
          description={t("Verified merchants take open buy and sell requests here. Apply to become a merchant to trade with the community.")}
        />
      )}
    </div>
  );
}

function RequestList() {
  const { t } = useTranslation();
  const live = useRealtimeStatus() === "open";
  const query = useMarketplace(live);
  const now = useNow(1000);
  const [chosen, setChosen] = useState<MarketplaceRequest | null>(null);
  const close = useCallback(() => setChosen(null), []);

  if (query.isPending) return <RequestSkeleton />;
  if (query.isError) {
    return (
      <Card>
        <EmptyState
          role="alert"
          icon={<Store />}
          title={t("We couldn't load the marketplace")}
          description={translateServerText(query.error.message)}
          action={
            <Button variant="outline" size="sm" onClick={() => query.refetch()} disabled={query.isFetching}>
              <RotateCw className={cn(query.isFetching && "animate-spin")} />
              {t("Try again")}
            </Button>
          }
        />
      </Card>
    );
  }

  const requests = query.data;
  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-center gap-2 text-xs text-muted-foreground" aria-live="polite">
        <span className="relative flex size-2">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-primary/60 motion-reduce:animate-none" />
          <span className="relative inline-flex size-2 rounded-full bg-primary" />
        </span>
        {requests.length === 0 ? t("No open requests") : t("{{count}} open requests", { count: requests.length })}
        {" · "}
        {live ? t("updates live") : t("refreshes every {{seconds}} s", { seconds: showCount(MARKETPLACE_REFETCH_MS / 1000) })}
      </p>
      {requests.length === 0 ? (
        <Card>
          <EmptyState
            className="py-12"
            icon={<Store />}
            title={t("No open requests right now")}
            description={t(
              "New requests appear here on their own. You only see coins you have an online offer for, so keep your offers online and your prices current.",
            )}
            action={
              <Button asChild variant="outline" size="sm">
                <Link to="/price-update">{t("Check your offers")}</Link>
              </Button>
            }
          />
        </Card>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {requests.map((request) => (
            <RequestCard key={request.id} request={request} now={now} onAccept={() => setChosen(request)} />
          ))}
        </ul>
      )}
      <AcceptDialog request={chosen} stillOpen={requests.some((r) => r.id === chosen?.id)} onClose={close} />
    </div>
  );
}

function RequestCard({ request, now, onAccept }: { request: MarketplaceRequest; now: number; onAccept: () => void }) {
  const { t } = useTranslation();
  const side = MERCHANT_SIDE[request.side];
  const left = new Date(request.accept_by).getTime() - now;
  const expired = left <= 0;
  const Arrow = side === "buy" ? ArrowDownLeft : ArrowUpRight;

  return (
    <li>
      <Card className={cn("flex h-full flex-col gap-4 p-4 transition-opacity", expired && "opacity-60")}>
        <div className="flex items-start gap-3">
          <span className="relative shrink-0">
            <CoinLogo coin={request.coin} className="size-10" />
            <span
              className={cn(
                "absolute -bottom-0.5 -end-0.5 inline-flex size-4.5 items-center justify-center rounded-full text-white ring-2 ring-card",
                side === "buy" ? "bg-emerald-500" : "bg-rose-500",
              )}
            >
              <Arrow className="size-3" aria-hidden />
            </span>
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold">
              {side === "buy" ? t("You buy {{coin}}", { coin: request.coin }) : t("You sell {{coin}}", { coin: request.coin })}
            </p>
            <p className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
              <span className="truncate">
                {request.side === "buy"
                  ? t("{{username}} wants to buy", { username: request.creator.username })
                  : t("{{username}} wants to sell", { username: request.creator.username })}
              </span>
              <span className="inline-flex shrink-0 items-center gap-0.5 tabular">
                <Star className="size-3 fill-amber-400 text-amber-400" aria-hidden />
                <span className="sr-only">{t("reputation")}</span>
                {showScore(request.creator.reputation_score)}
              </span>
            </p>
          </div>
          <time dateTime={request.created_at} className="shrink-0 text-xs text-muted-foreground">
            {formatAge(request.created_at, now)}
          </time>
        </div>

        <dl className="grid grid-cols-2 gap-3 rounded-lg bg-muted/50 p-3 text-sm">
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">{t("Amount")}</dt>
            <dd className="truncate font-semibold tabular">
              {showCoin(request.coin_amount)} {request.coin}
            </dd>
          </div>
          <div className="min-w-0 text-end">
            <dt className="text-xs text-muted-foreground">{side === "buy" ? t("You pay") : t("You receive")}</dt>
            <dd className="truncate font-semibold tabular">{showNaira(request.naira_amount)}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">{t("Price per coin")}</dt>
            <dd className="truncate tabular">{showNaira(request.price)}</dd>
          </div>
          <div className="min-w-0 text-end">
            <dt className="text-xs text-muted-foreground">{t("Time left")}</dt>
            <dd className={cn("font-mono tabular", left < URGENT_MS && "text-destructive")}>{expired ? t("Expired") : formatCountdown(left)}</dd>
          </div>
        </dl>

        <Button onClick={onAccept} disabled={expired} className="mt-auto h-11 w-full">
          <Check />
          {t("Accept")}
        </Button>
      </Card>
    </li>
  );
}

/** Confirms taking a request; "already taken" answers close it and refresh the list. */
function AcceptDialog({ request, stillOpen, onClose }: { request: MarketplaceRequest | null; stillOpen: boolean; onClose: () => void }) {
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{request && <AcceptForm key={request.id} request={request} stillOpen={stillOpen} onClose={onClose} />}</DialogContent>
    </Dialog>
  );
}

function AcceptForm({ request, stillOpen, onClose }: { request: MarketplaceRequest; stillOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptOrderMutation();
  const intent = useIntentKey();
  const [networkError, setNetworkError] = useState<string | null>(null);
  const side = MERCHANT_SIDE[request.side];
  const coins = `${showCoin(request.coin_amount)} ${request.coin}`;
  const naira = showNaira(request.naira_amount);

  // The list refreshes while the dialog is open: if another merchant took it meanwhile, say so.
  const submitted = useRef(false);
  useEffect(() => {
    if (!stillOpen && !submitted.current) {
      toast.info(t("This request is no longer open"), { description: t("Another merchant took it, or its time ran out.") });
      onClose();
    }
  }, [stillOpen, onClose, t]);

  const confirm = () => {
    setNetworkError(null);
    submitted.current = true;
    accept.mutate(
      { orderId: request.id, idempotencyKey: intent.keyFor(request.id) },
      {
        onSuccess: () => {
          intent.answered();
          toast.success(t("Order accepted"), { description: t("It's yours. Follow the steps on the order page.") });
          onClose();
          void navigate(`/order/${request.id}`);
        },
        onError: (err) => {
          submitted.current = false;
          intent.answered(err);
          if (answerUnknown(err)) {
            setNetworkError(translateServerText(err.message));
            return;
          }
          toast.error(isApiError(err, "ORDER_ALREADY_TAKEN") ? t("Already taken") : t("Couldn't accept"), {
            description: translateServerText(err.message),
          });
          onClose();
        },
      },
    );
  };

  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t("Accept this request?")}</DialogTitle>
        <DialogDescription>
          {side === "buy"
            ? t("You buy {{coins}} for {{naira}} with {{username}}.", { coins, naira, username: request.creator.username })
            : t("You sell {{coins}} for {{naira}} with {{username}}.", { coins, naira, username: request.creator.username })}
        </DialogDescription>
      </DialogHeader>
      <p className="flex gap-2 rounded-lg bg-muted p-3 text-sm">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden />
        <span>
          {side === "sell"
            ? t("{{coins}} will be locked from your available balance in escrow until the trade ends.", { coins })
            : t("You'll need to send {{naira}} to the trader's bank account before the payment time runs out.", { naira })}
        </span>
      </p>
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <Hourglass className="size-3.5 shrink-0" aria-hidden />
        {t("Another merchant may accept first; if so, you'll be told and nothing changes for you.")}
      </p>
      {networkError && (
        <p role="alert" className="rounded-lg bg-destructive/10 p-3 text-sm text-destructive">
          {networkError} {t("Trying again is safe: it won't be applied twice.")}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" className="h-11 sm:h-10" onClick={onClose} disabled={accept.isPending}>
          {t("Go back")}
        </Button>
        <Button className="h-11 sm:h-10" onClick={confirm} disabled={accept.isPending}>
          {accept.isPending && <Loader2 className="animate-spin" />}
          {networkError ? t("Try again") : t("Accept order")}
        </Button>
      </DialogFooter>
    </div>
  );
}

function RequestSkeleton() {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-busy aria-label={t("Loading open requests")}>
      {[0, 1, 2].map((i) => (
        <li key={i}>
          <Card className="flex flex-col gap-4 p-4">
            <div className="flex items-center gap-3">
              <Skeleton className="size-10 rounded-full" />
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-3 w-36" />
              </div>
            </div>
            <Skeleton className="h-24 rounded-lg" />
            <Skeleton className="h-10 rounded-lg" />
          </Card>
        </li>
      ))}
    </ul>
  );
}
