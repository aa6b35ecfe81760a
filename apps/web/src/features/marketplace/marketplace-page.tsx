import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AlertTriangle, ArrowDownLeft, ArrowUpRight, Check, Hourglass, Loader2, RotateCw, Star, Store, Tags } from "lucide-react";
import { toast } from "sonner";
import type { MarketplaceRequest, TradeSide } from "@p2p/shared";
import { useSession } from "@/features/auth/queries";
import { formatAge, formatCoinAmount, formatCountdown, formatNaira, formatScore } from "@/features/orders/format";
import { answerUnknown, newIdempotencyKey } from "@/features/orders/idempotency";
import { useAcceptOrderMutation } from "@/features/orders/mutations";
import { useNow } from "@/features/orders/use-now";
import { isApiError } from "@/lib/api";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { EmptyState } from "@/ui/empty-state";
import { PageHeader } from "@/ui/page-header";
import { Skeleton } from "@/ui/skeleton";
import { MARKETPLACE_REFETCH_MS, useMarketplace } from "./queries";

/** The merchant trades the other side of the creator's request. */
const MERCHANT_SIDE: Record<TradeSide, TradeSide> = { buy: "sell", sell: "buy" };
const URGENT_MS = 2 * 60_000;

/** /marketplace: open requests any online merchant may take; the first acceptance wins. */
export default function MarketplacePage() {
  const { data: user } = useSession();
  const isMerchant = user?.role === "merchant";

  return (
    <div className="flex flex-col gap-5 sm:gap-6">
      <PageHeader
        title="Marketplace"
        description={
          isMerchant
            ? "Open requests from traders for the coins you have an online offer for. The first merchant to accept takes the trade."
            : "Open buy and sell requests from traders, taken by verified merchants."
        }
        action={
          isMerchant ? (
            <Button asChild variant="outline">
              <Link to="/price-update">
                <Tags />
                Your offers
              </Link>
            </Button>
          ) : undefined
        }
      />
      {isMerchant ? (
        <RequestList />
      ) : (
        <Card>
          <EmptyState
            className="py-12"
            icon={<Store />}
            title="The marketplace is for merchants"
            description="Verified merchants take open buy and sell requests here. Apply to become a merchant to trade with the community."
            action={
              <Button asChild size="sm">
                <Link to="/merchant-application">Apply as Merchant</Link>
              </Button>
            }
          />
        </Card>
      )}
    </div>
  );
}

function RequestList() {
  const query = useMarketplace();
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
          title="We couldn't load the marketplace"
          description={query.error.message}
          action={
            <Button variant="outline" size="sm" onClick={() => query.refetch()} disabled={query.isFetching}>
              <RotateCw className={cn(query.isFetching && "animate-spin")} />
              Try again
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
        {requests.length === 0
          ? "No open requests"
          : `${requests.length} open ${requests.length === 1 ? "request" : "requests"}`}{" "}
        · refreshes every {MARKETPLACE_REFETCH_MS / 1000} s
      </p>
      {requests.length === 0 ? (
        <Card>
          <EmptyState
            className="py-12"
            icon={<Store />}
            title="No open requests right now"
            description="New requests appear here on their own. You only see coins you have an online offer for, so keep your offers online and your prices current."
            action={
              <Button asChild variant="outline" size="sm">
                <Link to="/price-update">Check your offers</Link>
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
                "absolute -bottom-0.5 -right-0.5 inline-flex size-4.5 items-center justify-center rounded-full text-white ring-2 ring-card",
                side === "buy" ? "bg-emerald-500" : "bg-rose-500",
              )}
            >
              <Arrow className="size-3" aria-hidden />
            </span>
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold">
              You {side} {request.coin}
            </p>
            <p className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
              <span className="truncate">
                {request.creator.username} wants to {request.side}
              </span>
              <span className="inline-flex shrink-0 items-center gap-0.5 tabular">
                <Star className="size-3 fill-amber-400 text-amber-400" aria-hidden />
                <span className="sr-only">reputation</span>
                {formatScore(request.creator.reputation_score)}
              </span>
            </p>
          </div>
          <time dateTime={request.created_at} className="shrink-0 text-xs text-muted-foreground">
            {formatAge(request.created_at, now)}
          </time>
        </div>

        <dl className="grid grid-cols-2 gap-3 rounded-lg bg-muted/50 p-3 text-sm">
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">Amount</dt>
            <dd className="truncate font-semibold tabular">
              {formatCoinAmount(request.coin_amount)} {request.coin}
            </dd>
          </div>
          <div className="min-w-0 text-right">
            <dt className="text-xs text-muted-foreground">{side === "buy" ? "You pay" : "You receive"}</dt>
            <dd className="truncate font-semibold tabular">{formatNaira(request.naira_amount)}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">Price per coin</dt>
            <dd className="truncate tabular">{formatNaira(request.price)}</dd>
          </div>
          <div className="min-w-0 text-right">
            <dt className="text-xs text-muted-foreground">Time left</dt>
            <dd className={cn("font-mono tabular", left < URGENT_MS && "text-destructive")}>
              {expired ? "Expired" : formatCountdown(left)}
            </dd>
          </div>
        </dl>

        <Button onClick={onAccept} disabled={expired} className="mt-auto w-full">
          <Check />
          Accept
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
  const navigate = useNavigate();
  const accept = useAcceptOrderMutation();
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  const [networkError, setNetworkError] = useState<string | null>(null);
  const side = MERCHANT_SIDE[request.side];
  const coins = `${formatCoinAmount(request.coin_amount)} ${request.coin}`;
  const naira = formatNaira(request.naira_amount);

  // The list refreshes while the dialog is open: if another merchant took it meanwhile, say so.
  const submitted = useRef(false);
  useEffect(() => {
    if (!stillOpen && !submitted.current) {
      toast.info("This request is no longer open", { description: "Another merchant took it, or its time ran out." });
      onClose();
    }
  }, [stillOpen, onClose]);

  const confirm = () => {
    setNetworkError(null);
    submitted.current = true;
    accept.mutate(
      { orderId: request.id, idempotencyKey: attemptKey },
      {
        onSuccess: () => {
          toast.success("Order accepted", { description: "It's yours. Follow the steps on the order page." });
          onClose();
          void navigate(`/order/${request.id}`);
        },
        onError: (err) => {
          submitted.current = false;
          if (answerUnknown(err)) {
            setNetworkError(err.message);
            return;
          }
          setAttemptKey(newIdempotencyKey());
          toast.error(isApiError(err, "ORDER_ALREADY_TAKEN") ? "Already taken" : "Couldn't accept", { description: err.message });
          onClose();
        },
      },
    );
  };

  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Accept this request?</DialogTitle>
        <DialogDescription>
          You {side} {coins} for {naira} with {request.creator.username}.
        </DialogDescription>
      </DialogHeader>
      <p className="flex gap-2 rounded-lg bg-muted p-3 text-sm">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden />
        <span>
          {side === "sell"
            ? `${coins} will be locked from your available balance in escrow until the trade ends.`
            : `You'll need to send ${naira} to the trader's bank account before the payment time runs out.`}
        </span>
      </p>
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <Hourglass className="size-3.5" aria-hidden />
        Another merchant may accept first; if so, you'll be told and nothing changes for you.
      </p>
      {networkError && (
        <p role="alert" className="rounded-lg bg-destructive/10 p-3 text-sm text-destructive">
          {networkError} Trying again is safe: it won't be applied twice.
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={accept.isPending}>
          Go back
        </Button>
        <Button onClick={confirm} disabled={accept.isPending}>
          {accept.isPending && <Loader2 className="animate-spin" />}
          {networkError ? "Try again" : "Accept order"}
        </Button>
      </DialogFooter>
    </div>
  );
}

function RequestSkeleton() {
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-busy aria-label="Loading open requests">
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
