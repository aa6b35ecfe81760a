import { useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import type { TFunction } from "@p2p/shared";
import { ArrowUpRight, Gavel, Scale, Undo2 } from "lucide-react";
import type { Order } from "@p2p/shared";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { ActionDialog } from "../components/action-dialog";
import { QueueEmpty, QueueError, QueueSkeleton } from "../components/queue-states";
import { SummaryRow } from "../components/request-parts";
import { SectionHeader } from "../components/section-header";
import { formatAge, isOverdue, shortId } from "../format";
import { useResolveAppealMutation, type AppealOutcome } from "../mutations";
import { useAdminAppeals } from "../queries";
import { useNow } from "@/lib/use-now";
import { useSession } from "@/features/auth/queries";
import { isPartyTo } from "../review-rules";
import { Skeleton } from "@/ui/skeleton";
import { translateServerText } from "@/i18n/server-text";
import { EvidenceGallery } from "@/features/appeals/appeal-details";
import { useAppeal } from "@/features/appeals/queries";
import { showCoin, showCount, showDateTime, showNaira } from "@/i18n/format";

type Parties = { buyer: string; seller: string; appellant: string };

/** Who bought, who sold, and who opened the appeal ("Opened by …"), by username. */
function partiesOf(order: Order, t: TFunction): Parties {
  const people = [order.creator, order.merchant].filter((p) => p !== null);
  const name = (id: string | null) => people.find((p) => p.id === id)?.username ?? t("Unknown");
  const openedBy = order.appeal?.opened_by ?? null;
  const appellant =
    openedBy === null
      ? t("Opened by the system")
      : openedBy === order.buyer_id
        ? t("Opened by {{username}} (buyer)", { username: name(openedBy) })
        : t("Opened by {{username}} (seller)", { username: name(openedBy) });
  return { buyer: name(order.buyer_id), seller: name(order.seller_id), appellant };
}

/** Disputed orders by age: read both sides, then release to the buyer or refund the seller, with a reason. */
export default function AppealsSection() {
  const { t } = useTranslation();
  const appeals = useAdminAppeals();
  const { data: me } = useSession();
  const now = useNow();
  const [action, setAction] = useState<{ order: Order; outcome: AppealOutcome } | null>(null);
  const resolve = useResolveAppealMutation();
  const parties = action ? partiesOf(action.order, t) : null;

  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title={t("Appeals")}
        description={t("Disputed orders, the longest waiting first. Read the order chat and payment proof on the order page before you decide.")}
        onRefresh={() => appeals.refetch()}
        refreshing={appeals.isFetching}
      />

      {appeals.isPending ? (
        <QueueSkeleton rows={2} />
      ) : appeals.isError ? (
        <QueueError title={t("We couldn't load appeals")} message={appeals.error.message} onRetry={() => appeals.refetch()} />
      ) : appeals.data.orders.length === 0 ? (
        <QueueEmpty
          icon={<Scale />}
          title={t("No open appeals")}
          description={t("When a buyer or seller disputes an order, it appears here with the reason and both parties.")}
        />
      ) : (
        <ul className="grid gap-3" aria-label={t("Open appeals")}>
          {appeals.data.orders.map((order) => (
            <AppealCard
              key={order.id}
              order={order}
              now={now}
              own={isPartyTo(order, me?.id)}
              onResolve={(outcome) => setAction({ order, outcome })}
            />
          ))}
        </ul>
      )}
      {appeals.data && appeals.data.total > appeals.data.orders.length && (
        <p className="text-sm text-muted-foreground">
          {t("Showing the {{shown}} most recent of {{total}} open appeals.", {
            shown: showCount(appeals.data.orders.length),
            total: showCount(appeals.data.total),
          })}
        </p>
      )}

      <ActionDialog
        open={action !== null}
        onOpenChange={(open) => !open && setAction(null)}
        title={action?.outcome === "release" ? t("Release to the buyer") : t("Refund the seller")}
        description={
          action?.outcome === "release"
            ? t("The escrowed coins go to {{username}} and the order completes. This cannot be undone.", { username: parties?.buyer })
            : t("The escrowed coins return to {{username}} and the order is cancelled. This cannot be undone.", { username: parties?.seller })
        }
        summary={
          action && (
            <dl>
              <SummaryRow label={t("Order")}>{shortId(action.order.id)}</SummaryRow>
              <SummaryRow label={t("Escrow")}>
                {showCoin(action.order.coin_amount)} {action.order.coin} ({showNaira(action.order.naira_amount)})
              </SummaryRow>
              <SummaryRow label={t("Buyer")}>{parties?.buyer}</SummaryRow>
              <SummaryRow label={t("Seller")}>{parties?.seller}</SummaryRow>
            </dl>
          )
        }
        field={{
          kind: "textarea",
          label: t("Reason both parties will see"),
          placeholder:
            action?.outcome === "release"
              ? t("e.g. The bank statement shows the payment arrived in the seller's account on time.")
              : t("e.g. No payment reached the seller's account and the buyer sent no valid proof."),
          maxLength: 2000,
        }}
        confirmLabel={action?.outcome === "release" ? t("Release to buyer") : t("Refund seller")}
        onConfirm={async (reason, idempotencyKey) => {
          const { order, outcome } = action!;
          await resolve.mutateAsync({ id: order.id, outcome, reason, idempotencyKey });
          return {
            title: t("Appeal resolved"),
            description:
              outcome === "release"
                ? t("Order {{ref}} completed; the coins went to the buyer.", { ref: shortId(order.id) })
                : t("Order {{ref}} cancelled; the coins went back to the seller.", { ref: shortId(order.id) }),
          };
        }}
      />
    </div>
  );
}

function AppealCard({ order, now, own, onResolve }: { order: Order; now: number; own: boolean; onResolve: (outcome: AppealOutcome) => void }) {
  const { t } = useTranslation();
  const { buyer, seller, appellant } = partiesOf(order, t);
  const openedAt = order.appeal?.created_at ?? order.created_at;
  const age = formatAge(openedAt, now);
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
                {t("Order {{ref}}", { ref: shortId(order.id) })}
                <ArrowUpRight className="size-3.5 rtl:-scale-x-100" aria-hidden />
              </Link>
              <Badge variant="danger">{t("Disputed")}</Badge>
            </div>
            <p className="text-sm tabular text-muted-foreground">
              {t("{{coins}} for {{naira}} at {{price}}", {
                coins: `${showCoin(order.coin_amount)} ${order.coin}`,
                naira: showNaira(order.naira_amount),
                price: showNaira(order.price),
              })}
            </p>
          </div>
          <span
            title={showDateTime(openedAt)}
            className={late ? "text-sm font-medium text-amber-700 dark:text-amber-300" : "text-sm text-muted-foreground"}
          >
            {age === null ? t("Opened just now") : t("Open {{age}}", { age })}
          </span>
        </div>

        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">{t("Buyer (pays naira)")}</dt>
            <dd className="truncate font-medium">{buyer}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">{t("Seller (coins in escrow)")}</dt>
            <dd className="truncate font-medium">{seller}</dd>
          </div>
          <div className="col-span-2 min-w-0 sm:col-span-1">
            <dt className="text-xs text-muted-foreground">{t("Marked paid")}</dt>
            <dd className="font-medium">{order.paid_at ? showDateTime(order.paid_at) : t("Not marked")}</dd>
          </div>
        </dl>

        <figure className="rounded-lg border-s-4 border-destructive/50 bg-muted/50 px-4 py-3">
          <blockquote className="whitespace-pre-wrap break-words text-sm">{order.appeal?.reason ?? t("No reason given.")}</blockquote>
          <figcaption className="mt-1 text-xs text-muted-foreground">{appellant}</figcaption>
        </figure>

        <AppealEvidence orderId={order.id} />

        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="ghost" size="sm" className="h-11 sm:me-auto sm:h-8">
            <Link to={`/chat/${order.id}`}>{t("Read the order chat")}</Link>
          </Button>
          {own ? (
            <p className="text-sm text-muted-foreground sm:self-center">{t("Another admin must resolve an appeal on an order you are part of.")}</p>
          ) : (
            <>
              <Button size="sm" variant="outline" className="h-11 sm:h-8" onClick={() => onResolve("refund")}>
                <Undo2 aria-hidden />
                {t("Refund seller")}
              </Button>
              <Button size="sm" className="h-11 sm:h-8" onClick={() => onResolve("release")}>
                <Gavel aria-hidden />
                {t("Release to buyer")}
              </Button>
            </>
          )}
        </div>
      </Card>
    </li>
  );
}

/** The evidence images both parties attached, from the appeal's own record. */
function AppealEvidence({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const appeal = useAppeal(orderId);
  return (
    <section aria-label={t("Evidence")} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{t("Evidence")}</h3>
      {appeal.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : appeal.isError ? (
        <p className="text-sm text-destructive">
          {t("Could not load the evidence: {{message}}", { message: translateServerText(appeal.error.message) })}
        </p>
      ) : (
        <EvidenceGallery evidence={appeal.data.evidence} />
      )}
    </section>
  );
}
