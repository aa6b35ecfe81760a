import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { ArrowUpRight } from "lucide-react";
import type { PaymentTicket } from "@p2p/shared";
import { showCoin, showDateTime, showNaira } from "@/i18n/format";
import { OrderStatusBadge } from "@/features/orders/status-badge";
import { ImageViewer } from "@/features/uploads/image-viewer";
import { UploadedImage } from "@/features/uploads/uploaded-image";
import { Card } from "@/ui/card";

export const formatWhen = showDateTime;
export const orderRef = (id: string) => `#${id.slice(0, 8).toUpperCase()}`;

/** One payment proof beside the order it pays for; `actions` and `extra` vary by screen. */
export function TicketCard({ ticket, people, actions }: { ticket: PaymentTicket; people: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  const { proof, order } = ticket;
  const ref = orderRef(order.id);
  const stated = proof.amount;
  const mismatch = stated !== null && stated !== order.naira_amount;
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:p-5">
      <ImageViewer
        image={proof.image}
        title={t("Payment proof for order {{ref}}", { ref })}
        description={t("Uploaded by {{username}} · {{when}}", { username: proof.uploader_username, when: formatWhen(proof.created_at) })}
      >
        {/* The whole receipt, on a neutral ground: a tall phone screenshot centre-cropped showed a blank strip. */}
        <button
          type="button"
          className="block shrink-0 cursor-zoom-in overflow-hidden rounded-lg border bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:w-36"
          aria-label={t("View the payment proof for order {{ref}}", { ref })}
        >
          <UploadedImage
            image={proof.image}
            alt={t("Payment proof for order {{ref}}", { ref })}
            keepRatio={false}
            className="h-40 w-full object-contain sm:h-36"
          />
        </button>
      </ImageViewer>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/order/${order.id}`} className="inline-flex min-h-11 items-center gap-1 font-semibold hover:underline sm:min-h-0">
            {t("Order {{ref}}", { ref })}
            <ArrowUpRight className="size-3.5 rtl:-scale-x-100" aria-hidden />
          </Link>
          <OrderStatusBadge status={order.status} />
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-muted-foreground">{t("Order total")}</dt>
            <dd className="font-semibold tabular">{showNaira(order.naira_amount)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t("Coins")}</dt>
            <dd className="tabular">
              {showCoin(order.coin_amount)} {order.coin}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t("Amount on proof")}</dt>
            <dd className={mismatch ? "font-medium tabular text-amber-700 dark:text-amber-300" : "tabular"}>
              {stated ? showNaira(stated) : t("Not stated")}
              {mismatch && <span className="sr-only"> {t("(differs from the order total)")}</span>}
            </dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-xs text-muted-foreground">{t("Reference")}</dt>
            <dd className="truncate">{proof.reference ?? t("None")}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-muted-foreground">{t("Uploaded")}</dt>
            <dd>{formatWhen(proof.created_at)}</dd>
          </div>
        </dl>
        <div className="break-words text-xs text-muted-foreground">{people}</div>
        {actions && <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">{actions}</div>}
      </div>
    </Card>
  );
}
