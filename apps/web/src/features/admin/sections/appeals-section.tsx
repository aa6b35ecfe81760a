import { useState } from "react";
import { Link } from "react-router";
import { ArrowUpRight, Gavel, Scale, Undo2 } from "lucide-react";
import type { Order } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { formatCoinAmount, formatDateTime, formatNaira } from "@/features/dashboard/format";
import { ActionDialog } from "../components/action-dialog";
import { QueueEmpty, QueueError, QueueSkeleton } from "../components/queue-states";
import { SummaryRow } from "../components/request-parts";
import { SectionHeader } from "../components/section-header";
import { formatAge, isOverdue, shortId } from "../format";
import { useResolveAppealMutation, type AppealOutcome } from "../mutations";
import { useAdminAppeals } from "../queries";
import { useNow } from "../use-now";
import { Skeleton } from "@/ui/skeleton";
import { EvidenceGallery } from "@/features/appeals/appeal-details";
import { useAppeal } from "@/features/appeals/queries";

type Parties = { buyer: string; seller: string; appellant: string };

/** Who bought, who sold, and who opened the appeal, by username. */
function partiesOf(order: Order): Parties {
  const people = [order.creator, order.merchant].filter((p) => p !== null);
  const name = (id: string | null) => people.find((p) => p.id === id)?.username ?? "Unknown";
  const openedBy = order.appeal?.opened_by ?? null;
  const appellant =
    openedBy === null ? "the system (confirmation window ran out)" : openedBy === order.buyer_id ? `${name(openedBy)} (buyer)` : `${name(openedBy)} (seller)`;
  return { buyer: name(order.buyer_id), seller: name(order.seller_id), appellant };
}

/** Disputed orders by age: read both sides, then release to the buyer or refund the seller, with a reason. */
export default function AppealsSection() {
  const appeals = useAdminAppeals();
  const now = useNow();
  const [action, setAction] = useState<{ order: Order; outcome: AppealOutcome } | null>(null);
  const resolve = useResolveAppealMutation();
  const parties = action ? partiesOf(action.order) : null;

  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title="Appeals"
        description="Disputed orders, the longest waiting first. Read the order chat and payment proof on the order page before you decide."
        onRefresh={() => appeals.refetch()}
        refreshing={appeals.isFetching}
      />

      {appeals.isPending ? (
        <QueueSkeleton rows={2} />
      ) : appeals.isError ? (
        <QueueError what="appeals" message={appeals.error.message} onRetry={() => appeals.refetch()} />
      ) : appeals.data.orders.length === 0 ? (
        <QueueEmpty
          icon={<Scale />}
          title="No open appeals"
          description="When a buyer or seller disputes an order, it appears here with the reason and both parties."
        />
      ) : (
        <ul className="grid gap-3" aria-label="Open appeals">
          {appeals.data.orders.map((order) => (
            <AppealCard
              key={order.id}
              order={order}
              now={now}
              onResolve={(outcome) => setAction({ order, outcome })}
            />
          ))}
        </ul>
      )}
      {appeals.data && appeals.data.total > appeals.data.orders.length && (
        <p className="text-sm text-muted-foreground">
          Showing the {appeals.data.orders.length} most recent of {appeals.data.total} open appeals.
        </p>
      )}

      <ActionDialog
        open={action !== null}
        onOpenChange={(open) => !open && setAction(null)}
        title={action?.outcome === "release" ? "Release to the buyer" : "Refund the seller"}
        description={
          action?.outcome === "release"
            ? `The escrowed coins go to ${parties?.buyer} and the order completes. This cannot be undone.`
            : `The escrowed coins return to ${parties?.seller} and the order is cancelled. This cannot be undone.`
        }
        summary={
          action && (
            <dl>
              <SummaryRow label="Order">{shortId(action.order.id)}</SummaryRow>
              <SummaryRow label="Escrow">
                {formatCoinAmount(action.order.coin_amount)} {action.order.coin} ({formatNaira(action.order.naira_amount)})
              </SummaryRow>
              <SummaryRow label="Buyer">{parties?.buyer}</SummaryRow>
              <SummaryRow label="Seller">{parties?.seller}</SummaryRow>
            </dl>
          )
        }
        field={{
          kind: "textarea",
          label: "Reason both parties will see",
          placeholder:
            action?.outcome === "release"
              ? "e.g. The bank statement shows the payment arrived in the seller's account on time."
              : "e.g. No payment reached the seller's account and the buyer sent no valid proof.",
          maxLength: 2000,
        }}
        confirmLabel={action?.outcome === "release" ? "Release to buyer" : "Refund seller"}
        onConfirm={async (reason, idempotencyKey) => {
          const { order, outcome } = action!;
          await resolve.mutateAsync({ id: order.id, outcome, reason, idempotencyKey });
          return {
            title: "Appeal resolved",
            description:
              outcome === "release"
                ? `Order ${shortId(order.id)} completed; the coins went to the buyer.`
                : `Order ${shortId(order.id)} cancelled; the coins went back to the seller.`,
          };
        }}
      />
    </div>
  );
}

function AppealCard({ order, now, onResolve }: { order: Order; now: number; onResolve: (outcome: AppealOutcome) => void }) {
  const { buyer, seller, appellant } = partiesOf(order);
  const openedAt = order.appeal?.created_at ?? order.created_at;
  const late = isOverdue(openedAt, now, 24 * 60);
  return (
    <li>
      <Card className="grid gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-start gap-3">
          <CoinLogo coin={order.coin} className="size-10" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <Link
                to={`/order/${order.id}`}
                className="inline-flex items-center gap-1 font-semibold hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                Order {shortId(order.id)}
                <ArrowUpRight className="size-3.5" aria-hidden />
              </Link>
              <Badge variant="danger">Disputed</Badge>
            </div>
            <p className="text-sm tabular text-muted-foreground">
              {formatCoinAmount(order.coin_amount)} {order.coin} for {formatNaira(order.naira_amount)} at {formatNaira(order.price)}
            </p>
          </div>
          <span
            title={formatDateTime(openedAt)}
            className={late ? "text-sm font-medium text-amber-700 dark:text-amber-300" : "text-sm text-muted-foreground"}
          >
            {formatAge(openedAt, now) === "just now" ? "Opened just now" : `Open ${formatAge(openedAt, now)}`}
          </span>
        </div>

        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">Buyer (pays naira)</dt>
            <dd className="truncate font-medium">{buyer}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">Seller (coins in escrow)</dt>
            <dd className="truncate font-medium">{seller}</dd>
          </div>
          <div className="col-span-2 min-w-0 sm:col-span-1">
            <dt className="text-xs text-muted-foreground">Marked paid</dt>
            <dd className="font-medium">{order.paid_at ? formatDateTime(order.paid_at) : "Not marked"}</dd>
          </div>
        </dl>

        <figure className="rounded-lg border-l-4 border-destructive/50 bg-muted/50 px-4 py-3">
          <blockquote className="whitespace-pre-wrap break-words text-sm">{order.appeal?.reason ?? "No reason given."}</blockquote>
          <figcaption className="mt-1 text-xs text-muted-foreground">Opened by {appellant}</figcaption>
        </figure>

        <AppealEvidence orderId={order.id} />

        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="ghost" size="sm" className="sm:mr-auto">
            <Link to={`/chat/${order.id}`}>Read the order chat</Link>
          </Button>
          <Button size="sm" variant="outline" onClick={() => onResolve("refund")}>
            <Undo2 aria-hidden />
            Refund seller
          </Button>
          <Button size="sm" onClick={() => onResolve("release")}>
            <Gavel aria-hidden />
            Release to buyer
          </Button>
        </div>
      </Card>
    </li>
  );
}

/** The evidence images both parties attached, from the appeal's own record. */
function AppealEvidence({ orderId }: { orderId: string }) {
  const appeal = useAppeal(orderId);
  return (
    <section aria-label="Evidence" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Evidence</h3>
      {appeal.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : appeal.isError ? (
        <p className="text-sm text-destructive">Could not load the evidence: {appeal.error.message}</p>
      ) : (
        <EvidenceGallery evidence={appeal.data.evidence} />
      )}
    </section>
  );
}
