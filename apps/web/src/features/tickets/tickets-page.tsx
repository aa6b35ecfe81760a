import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { Gavel, MessageCircle, ShieldCheck, Ticket } from "lucide-react";
import { ORDER_STATUSES, type Order, type OrderStatus } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { translateServerText } from "@/i18n/server-text";
import { useSession } from "@/features/auth/queries";
import { MerchantsOnlyCard } from "@/features/merchant-application/merchants-only-card";
import { ActionDialog } from "@/features/orders/action-dialog";
import type { DialogAction } from "@/features/orders/order-view";
import { FilterSelect, ListLoadError, NoFilterMatch } from "@/features/orders/list-parts";
import { STATUS_META } from "@/features/orders/order-view";
import { viewerOf } from "@/features/orders/viewer";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { EmptyState } from "@/ui/empty-state";
import { PageHeader } from "@/ui/page-header";
import { Pager } from "@/ui/pager";
import { Skeleton } from "@/ui/skeleton";
import { TICKETS_PAGE_SIZE, useMerchantTickets } from "./queries";
import { TicketCard } from "./ticket-parts";

/** /tickets (Tickets for Trade): buyers' payment proofs on the merchant's orders, with quick confirm or appeal. */
export default function TicketsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const me = session.data;
  const isMerchant = me?.role === "merchant";
  const [params, setParams] = useSearchParams();
  const rawPage = Number(params.get("page"));
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const statusParam = params.get("status");
  const status = (ORDER_STATUSES as readonly string[]).includes(statusParam ?? "") ? (statusParam as OrderStatus) : undefined;
  const query = useMerchantTickets({ status, page }, isMerchant);
  const [active, setActive] = useState<{ action: DialogAction; order: Order } | null>(null);

  const set = (key: "status" | "page", value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "" || (key === "page" && value === "1")) next.delete(key);
        else next.set(key, value);
        if (key === "status") next.delete("page");
        return next;
      },
      { replace: true },
    );

  if (me && !isMerchant) {
    return (
      <div className="flex flex-col gap-5 sm:gap-6">
        <PageHeader title={t("Tickets for Trade")} />
        <MerchantsOnlyCard
          icon={<Ticket />}
          title={t("Tickets for Trade is for merchants")}
          description={t(
            "Merchants see the payment proofs buyers send for their orders here. Apply to become a merchant to trade from your own offers.",
          )}
          action={
            me.role === "admin" ? (
              <Button asChild size="sm" className="h-11 sm:h-8">
                <Link to="/tickets-payment-view">{t("Open Tickets Management")}</Link>
              </Button>
            ) : undefined
          }
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5 sm:gap-6">
      <PageHeader
        title={t("Tickets for Trade")}
        description={t(
          "Payment proofs buyers sent for your orders, newest first. Check your bank app before you release coins: screenshots can be faked.",
        )}
      />
      <div className="grid grid-cols-1 sm:flex">
        <FilterSelect
          label={t("Order status")}
          value={status ?? ""}
          onChange={(v) => set("status", v)}
          allLabel={t("All orders")}
          className="sm:w-56"
        >
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(STATUS_META[s].label)}
            </option>
          ))}
        </FilterSelect>
      </div>

      {!me || query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <Card>
          <ListLoadError
            icon={<Ticket />}
            title={t("We couldn't load your tickets")}
            message={translateServerText(query.error.message)}
            retrying={query.isFetching}
            onRetry={() => query.refetch()}
          />
        </Card>
      ) : query.data.tickets.length === 0 ? (
        <Card>
          {status ? (
            <NoFilterMatch
              title={t("No tickets for orders in this status")}
              description={t("Choose another status, or show all orders.")}
              onClear={() => set("status", "")}
            />
          ) : (
            <EmptyState
              className="py-12"
              icon={<Ticket />}
              title={t("No payment tickets yet")}
              description={t(
                "When a buyer marks an order as paid and attaches their transfer receipt, it appears here so you can check it and release the coins.",
              )}
              action={
                <Button asChild size="sm" variant="outline">
                  <Link to="/merchant-orders">{t("View your orders")}</Link>
                </Button>
              }
            />
          )}
        </Card>
      ) : (
        <ul className={cn("flex flex-col gap-3", query.isPlaceholderData && "opacity-60")} aria-label={t("Payment tickets")}>
          {query.data.tickets.map((ticket) => {
            const { order } = ticket;
            const canConfirm = order.allowed_actions.includes("confirm_payment");
            const canAppeal = order.allowed_actions.includes("open_appeal");
            const buyer = [order.creator, order.merchant].find((p) => p?.id === order.buyer_id);
            return (
              <li key={ticket.proof.id}>
                <TicketCard
                  ticket={ticket}
                  people={
                    <Trans
                      i18nKey="From buyer <b>{{username}}</b>"
                      values={{ username: buyer?.username ?? ticket.proof.uploader_username }}
                      components={{ b: <span className="font-medium text-foreground" /> }}
                    />
                  }
                  actions={
                    <>
                      <Button asChild size="sm" variant="ghost" className="h-11 sm:me-auto sm:h-8">
                        <Link to={`/chat/${order.id}`}>
                          <MessageCircle aria-hidden />
                          {t("Chat")}
                        </Link>
                      </Button>
                      {order.appeal && order.status === "disputed" && (
                        <Button asChild size="sm" variant="outline" className="h-11 sm:h-8">
                          <Link to={`/appeals?order=${order.id}`}>{t("View appeal")}</Link>
                        </Button>
                      )}
                      {canAppeal && (
                        <Button
                          size="sm"
                          variant="outline"
                          className="h-11 text-destructive hover:text-destructive sm:h-8"
                          onClick={() => setActive({ action: "open_appeal", order })}
                        >
                          <Gavel aria-hidden />
                          {t("Appeal")}
                        </Button>
                      )}
                      {canConfirm && (
                        <Button size="sm" className="h-11 sm:h-8" onClick={() => setActive({ action: "confirm_payment", order })}>
                          <ShieldCheck aria-hidden />
                          {t("Confirm payment")}
                        </Button>
                      )}
                    </>
                  }
                />
              </li>
            );
          })}
        </ul>
      )}

      {query.data && (
        <Pager
          page={page}
          pageSize={TICKETS_PAGE_SIZE}
          total={query.data.total}
          busy={query.isPlaceholderData}
          onPageChange={(next) => {
            set("page", String(next));
            window.scrollTo({ top: 0 });
          }}
        />
      )}

      {active && <ActionDialog action={active.action} order={active.order} viewer={viewerOf(active.order, me?.id)} onClose={() => setActive(null)} />}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden>
      {[0, 1].map((i) => (
        <Card key={i} className="flex flex-col gap-4 p-4 sm:flex-row">
          <Skeleton className="h-36 w-full sm:w-36" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-16 w-full" />
          </div>
        </Card>
      ))}
    </div>
  );
}
