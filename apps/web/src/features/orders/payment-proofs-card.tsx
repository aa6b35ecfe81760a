import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "@/i18n/use-translation";
import { MessageCircle, ReceiptText } from "lucide-react";
import { REALTIME_EVENTS, type Order, type OrderStatus, orderTopic } from "@p2p/shared";
import { translateServerText } from "@/i18n/server-text";
import { useRealtimeTopic } from "@/features/realtime/realtime-context";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Skeleton } from "@/ui/skeleton";
import { proofKeys, usePaymentProofs } from "./proof-queries";

/** While the buyer may attach a proof (after marking paid, and during an appeal). */
const OPEN_FOR_PROOF: readonly OrderStatus[] = ["in_progress", "disputed"];

/**
 * The proofs' tiles (each opens in a dialog) and the buyer's form (react-hook-form) load when
 * there is a proof to show or one to attach: an order's first screen has neither, mostly.
 */
const ProofTiles = lazy(() => import("./proof-tiles"));
const ProofComposer = lazy(() => import("./proof-composer"));

/**
 * Payment proofs on the order page. The buyer attaches the transfer receipt once the payment is
 * marked as sent (or picks it beforehand: it is sent the moment "I have paid" goes through);
 * the seller and admins see every proof, each also posted in the order's chat.
 */
export function PaymentProofsCard({ order, isAdmin }: { order: Order; isAdmin: boolean }) {
  const { t } = useTranslation();
  const isBuyer = order.my_side === "buy";
  const isParty = order.my_side !== null;
  const visible = (isParty || isAdmin) && order.status !== "pending";
  const proofs = usePaymentProofs(order.id, visible);
  const qc = useQueryClient();
  // A proof added from elsewhere (the chat, another tab, the other party's view) shows at once.
  useRealtimeTopic(visible ? orderTopic(order.id) : null, (e) => {
    if (e.event === REALTIME_EVENTS.chatMessage && e.payload.kind === "image") {
      void qc.invalidateQueries({ queryKey: proofKeys.order(order.id) });
    }
  });

  if (!visible) return null;
  const list = proofs.data ?? [];
  const canAdd = isBuyer && OPEN_FOR_PROOF.includes(order.status);
  const canPrepare = isBuyer && order.status === "matched";
  // Nothing to show: the seller before payment, or a closed order that never had a proof.
  if (order.status === "matched" && !canPrepare) return null;
  if (!canAdd && !canPrepare && !OPEN_FOR_PROOF.includes(order.status) && proofs.isSuccess && list.length === 0) return null;

  const description = isBuyer
    ? canPrepare
      ? t("Optional: pick your transfer receipt now. It is sent to the seller the moment you tap “I have paid”.")
      : t("A screenshot of your transfer receipt helps the seller find your payment, and our team if there is an appeal.")
    : isParty
      ? t("The buyer's transfer receipt. Check that the money arrived in your bank app before you confirm: a screenshot alone is not payment.")
      : t("Receipts the buyer attached to this order.");

  return (
    <Card data-testid="payment-proofs">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <ReceiptText className="size-4 text-primary" aria-hidden />
          {t("Payment proof")}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {proofs.isPending ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Skeleton className="aspect-[4/3] rounded-lg" />
          </div>
        ) : proofs.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t("Could not load the proofs: {{error}}", { error: translateServerText(proofs.error.message) })}{" "}
            <button type="button" className="underline underline-offset-4" onClick={() => void proofs.refetch()}>
              {t("Try again")}
            </button>
          </p>
        ) : list.length > 0 ? (
          <Suspense fallback={<Skeleton className="aspect-[4/3] w-1/2 rounded-lg sm:w-1/3" />}>
            <ProofTiles proofs={list} />
          </Suspense>
        ) : !isBuyer ? (
          <p className="text-sm text-muted-foreground">{t("The buyer has not attached a proof yet.")}</p>
        ) : null}

        {(canAdd || canPrepare) && (
          <Suspense fallback={<Skeleton className="h-40 rounded-lg" />}>
            <ProofComposer order={order} prepareOnly={canPrepare} hasProofs={list.length > 0} />
          </Suspense>
        )}

        {list.length > 0 && (
          <Link
            to={`/chat/${order.id}`}
            className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            <MessageCircle className="size-4" aria-hidden />
            {t("Also in the order chat")}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
