import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowUpRight } from "lucide-react";
import type { PaymentTicket } from "@p2p/shared";
import { formatCoinAmount, formatNaira } from "@/features/orders/format";
import { OrderStatusBadge } from "@/features/orders/status-badge";
import { ImageViewer } from "@/features/uploads/image-viewer";
import { UploadedImage } from "@/features/uploads/uploaded-image";
import { Card } from "@/ui/card";

const dateFormat = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
export const formatWhen = (iso: string) => dateFormat.format(new Date(iso));
export const orderRef = (id: string) => `#${id.slice(0, 8).toUpperCase()}`;

/** One payment proof beside the order it pays for; `actions` and `extra` vary by screen. */
export function TicketCard({ ticket, people, actions }: { ticket: PaymentTicket; people: ReactNode; actions?: ReactNode }) {
  const { proof, order } = ticket;
  const stated = proof.amount;
  const mismatch = stated !== null && stated !== order.naira_amount;
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:p-5">
      <ImageViewer image={proof.image} title={`Payment proof for order ${orderRef(order.id)}`} description={`Uploaded by ${proof.uploader_username} · ${formatWhen(proof.created_at)}`}>
        <button
          type="button"
          className="block shrink-0 overflow-hidden rounded-lg border bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:w-36"
          aria-label={`View the payment proof for order ${orderRef(order.id)}`}
        >
          <UploadedImage image={proof.image} alt={`Payment proof for order ${orderRef(order.id)}`} keepRatio={false} className="h-40 w-full object-cover sm:h-36" />
        </button>
      </ImageViewer>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/order/${order.id}`} className="inline-flex items-center gap-1 font-semibold hover:underline">
            Order {orderRef(order.id)}
            <ArrowUpRight className="size-3.5" aria-hidden />
          </Link>
          <OrderStatusBadge status={order.status} />
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-muted-foreground">Order total</dt>
            <dd className="font-semibold tabular">{formatNaira(order.naira_amount)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Coins</dt>
            <dd className="tabular">
              {formatCoinAmount(order.coin_amount)} {order.coin}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Amount on proof</dt>
            <dd className={mismatch ? "font-medium tabular text-amber-700 dark:text-amber-300" : "tabular"}>
              {stated ? formatNaira(stated) : "Not stated"}
              {mismatch && <span className="sr-only"> (differs from the order total)</span>}
            </dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-xs text-muted-foreground">Reference</dt>
            <dd className="truncate">{proof.reference ?? "None"}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-muted-foreground">Uploaded</dt>
            <dd>{formatWhen(proof.created_at)}</dd>
          </div>
        </dl>
        <div className="text-xs text-muted-foreground">{people}</div>
        {actions && <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">{actions}</div>}
      </div>
    </Card>
  );
}
