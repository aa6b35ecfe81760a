import { AlertTriangle, CheckCircle2, Clock, XCircle, type LucideIcon } from "lucide-react";
import { STATUS_NOTICES, type Order, type OrderStatus } from "@p2p/shared";
import { useTranslation } from "@/i18n/use-translation";
import { i18n } from "@/i18n/i18n";
import { translateServerText } from "@/i18n/server-text";
import { cn } from "@/lib/cn";
import { Card, CardContent } from "@/ui/card";
import { showCoin, showNaira } from "@/i18n/format";
import { OrderCountdown } from "./order-countdown";
import { describeCloseReason } from "./order-view";
import type { Viewer } from "./viewer";

type Context = { order: Order; viewer: Viewer; coins: string; naira: string; other: string };

const t = i18n.t;

/** What the viewer should do or expect now, per status (spec §4 notice first, then this). */
const NEXT_STEP: Record<OrderStatus, (c: Context) => string> = {
  pending: ({ order, viewer, coins }) => {
    if (viewer.isMerchant) {
      const trader = viewer.counterparty?.username ?? t("A trader");
      return order.side === "buy"
        ? t("{{trader}} wants to buy {{coins}}. Accept to start the trade.", { trader, coins })
        : t("{{trader}} wants to sell {{coins}}. Accept to start the trade.", { trader, coins });
    }
    if (!viewer.isCreator) return t("Waiting for the merchant to accept.");
    const waiting = order.merchant
      ? t("Waiting for {{merchant}} to accept your order.", { merchant: order.merchant.username })
      : t("Your request is open to every online merchant for {{coin}}; the first to accept takes it.", { coin: order.coin });
    return order.escrow_locked ? t("{{waiting}} Your coins are locked in escrow meanwhile.", { waiting }) : waiting;
  },
  matched: ({ viewer, naira, other }) =>
    viewer.side === "buy"
      ? t("Send exactly {{naira}} to the seller's account below, then tap “I have paid”.", { naira })
      : t("Waiting for {{other}} to send {{naira}} to your account. Your coins are safe in escrow.", { other, naira }),
  in_progress: ({ viewer, naira, coins, other }) => {
    if (viewer.side === "buy") return t("Waiting for {{other}} to confirm your payment and release {{coins}} to you.", { other, coins });
    const buyer = viewer.counterparty?.username ?? t("The buyer");
    return t("{{buyer}} says the {{naira}} has been sent. Check your bank app; when the money is there, confirm to release the coins.", {
      buyer,
      naira,
    });
  },
  confirmed: ({ coins }) => t("The payment was confirmed; {{coins}} are being released.", { coins }),
  completed: ({ viewer, naira, coins }) =>
    viewer.side === "buy"
      ? t("{{coins}} were released to your wallet.", { coins })
      : t("You received {{naira}} and {{coins}} were released to the buyer.", { naira, coins }),
  cancelled: ({ order }) => {
    const why = describeCloseReason(order.close_reason) ?? t("This order was cancelled.");
    return order.escrow_locked ? t("{{why}} The coins held in escrow went back to the seller.", { why }) : why;
  },
  disputed: () =>
    t("An admin is reviewing this trade. Share your evidence (receipts, bank statements) in the order chat; you'll both see the decision here."),
};

const STATUS_ICON: Record<OrderStatus, { icon: LucideIcon; className: string }> = {
  pending: { icon: Clock, className: "text-primary" },
  matched: { icon: Clock, className: "text-primary" },
  in_progress: { icon: Clock, className: "text-primary" },
  confirmed: { icon: CheckCircle2, className: "text-success" },
  completed: { icon: CheckCircle2, className: "text-success" },
  cancelled: { icon: XCircle, className: "text-destructive" },
  disputed: { icon: AlertTriangle, className: "text-amber-700 dark:text-amber-400" },
};

/** The order's notice, the next step in words and, while a window runs, its countdown. */
export function OrderStatusCard({ order, viewer, onExpired }: { order: Order; viewer: Viewer; onExpired: () => void }) {
  const { t } = useTranslation();
  const context: Context = {
    order,
    viewer,
    coins: `${showCoin(order.coin_amount)} ${order.coin}`,
    naira: showNaira(order.naira_amount),
    other: viewer.counterparty?.username ?? t("the other party"),
  };
  const { icon: Icon, className } = STATUS_ICON[order.status];

  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-5">
        <div className="flex gap-3">
          <Icon className={cn("mt-0.5 size-5 shrink-0", className)} aria-hidden />
          <div className="min-w-0" aria-live="polite">
            <p className="font-semibold">
              {viewer.isMerchant && !order.merchant ? t("Open request") : translateServerText(STATUS_NOTICES[order.status])}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{NEXT_STEP[order.status](context)}</p>
          </div>
        </div>
        {order.deadline && <OrderCountdown deadline={order.deadline} side={viewer.side} isCreator={viewer.isCreator} onExpired={onExpired} />}
      </CardContent>
    </Card>
  );
}
