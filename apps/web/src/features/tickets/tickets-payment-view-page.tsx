import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { Scale, Search, Ticket } from "lucide-react";
import { z } from "zod";
import { COIN_SYMBOLS, ORDER_STATUSES, type CoinSymbol, type OrderStatus } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { translateServerText } from "@/i18n/server-text";
import { useSession } from "@/features/auth/queries";
import { AdminsOnly } from "@/features/admin/admins-only";
import { FilterSelect, ListLoadError, NoFilterMatch } from "@/features/orders/list-parts";
import { STATUS_META } from "@/features/orders/order-view";
import { PageFallback } from "@/features/shell/page-fallback";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { EmptyState } from "@/ui/empty-state";
import { Input } from "@/ui/input";
import { PageHeader } from "@/ui/page-header";
import { Pager } from "@/ui/pager";
import { Skeleton } from "@/ui/skeleton";
import { ADMIN_TICKETS_PAGE_SIZE, useAdminTickets, type AdminTicketFilters } from "./queries";
import { TicketCard } from "./ticket-parts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

/** The username search: trimmed; empty is no filter. */
const userSearchSchema = z.object({ user: z.string().trim() });

type Key = "status" | "coin" | "from" | "to" | "user" | "page";

function useTicketParams() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get("page"));
  const day = (k: string) => (DAY.test(params.get(k) ?? "") ? params.get(k)! : undefined);
  const filters: AdminTicketFilters = {
    status: oneOf<OrderStatus>(ORDER_STATUSES, params.get("status")),
    coin: oneOf<CoinSymbol>(COIN_SYMBOLS, params.get("coin")),
    from: day("from"),
    to: day("to"),
    user: params.get("user")?.trim() || undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  const update = (key: Key, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "" || (key === "page" && value === "1")) next.delete(key);
        else next.set(key, value);
        if (key !== "page") next.delete("page");
        return next;
      },
      { replace: true },
    );
  return { filters, update, clear: () => setParams(new URLSearchParams(), { replace: true }) };
}

/** /tickets-payment-view (Tickets Management): every payment proof for admins, filterable, linked to its order and appeal. */
export default function TicketsPaymentViewPage() {
  const { data: user, isPending } = useSession();
  if (isPending || !user) return <PageFallback />;
  if (user.role !== "admin") return <AdminsOnly role={user.role} />;
  return <TicketsManagement />;
}

function TicketsManagement() {
  const { t } = useTranslation();
  const { filters, update, clear } = useTicketParams();
  const query = useAdminTickets(filters, true);
  const filtered = Boolean(filters.status || filters.coin || filters.from || filters.to || filters.user);
  const userSearch = useForm({ resolver: zodResolver(userSearchSchema), defaultValues: { user: filters.user ?? "" } });
  // The address is the truth: Back, a link or Clear puts its user in the box.
  useEffect(() => userSearch.reset({ user: filters.user ?? "" }), [filters.user, userSearch]);
  const searchUser = userSearch.handleSubmit(({ user }) => update("user", user));
  const badRange = filters.from && filters.to && filters.from > filters.to;

  return (
    <div className="flex flex-col gap-5 sm:gap-6">
      <PageHeader
        title={t("Tickets Management")}
        description={t(
          "Every payment proof buyers attached, newest first. Open the order to compare it with the chat, or the appeal when one is open.",
        )}
      />
      <Card
        className="grid grid-cols-2 gap-2 p-3 sm:grid-cols-3 lg:grid-cols-[repeat(4,minmax(0,1fr))_minmax(0,1.4fr)]"
        role="group"
        aria-label={t("Filter tickets")}
      >
        <FilterSelect
          label={t("Order status")}
          value={filters.status ?? ""}
          onChange={(v) => update("status", v)}
          allLabel={t("Any status")}
          className=""
        >
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(STATUS_META[s].label)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label={t("Coin")} value={filters.coin ?? ""} onChange={(v) => update("coin", v)} allLabel={t("All coins")} className="">
          {COIN_SYMBOLS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </FilterSelect>
        <DateField label={t("From")} name={t("Uploaded from")} value={filters.from} max={filters.to} onChange={(v) => update("from", v)} />
        <DateField label={t("To")} name={t("Uploaded until")} value={filters.to} min={filters.from} onChange={(v) => update("to", v)} />
        <form className="col-span-2 flex gap-2 sm:col-span-2 lg:col-span-1" onSubmit={(event) => void searchUser(event)}>
          <label className="flex-1">
            <span className="sr-only">{t("Buyer or seller username")}</span>
            <Input {...userSearch.register("user")} placeholder={t("Buyer or seller username")} maxLength={64} className="h-11" />
          </label>
          <Button type="submit" variant="outline" className="h-11" aria-label={t("Search by username")}>
            <Search aria-hidden />
          </Button>
        </form>
      </Card>
      {badRange && <p className="text-sm text-destructive">{t("The end date is before the start date.")}</p>}

      {query.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden>
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-44 w-full rounded-xl" />
          ))}
        </div>
      ) : query.isError ? (
        <Card>
          <ListLoadError
            icon={<Ticket />}
            title={t("We couldn't load payment tickets")}
            message={translateServerText(query.error.message)}
            retrying={query.isFetching}
            onRetry={() => query.refetch()}
          />
        </Card>
      ) : query.data.tickets.length === 0 ? (
        <Card>
          {filtered ? (
            <NoFilterMatch
              title={t("No tickets match these filters")}
              description={t("Try another status, coin, date range or username, or clear the filters.")}
              onClear={clear}
            />
          ) : (
            <EmptyState
              className="py-12"
              icon={<Ticket />}
              title={t("No payment tickets yet")}
              description={t("When a buyer attaches a transfer receipt to an order, it appears here for review.")}
            />
          )}
        </Card>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t("{{count}} tickets", { count: query.data.total })}
          </p>
          <ul className={cn("grid gap-3 2xl:grid-cols-2", query.isPlaceholderData && "opacity-60")} aria-label={t("Payment tickets")}>
            {query.data.tickets.map((ticket) => {
              const { order, proof } = ticket;
              const name = (id: string | null) => [order.creator, order.merchant].find((p) => p?.id === id)?.username ?? t("Unknown");
              return (
                <li key={proof.id}>
                  <TicketCard
                    ticket={ticket}
                    people={
                      <Trans
                        i18nKey="Buyer <b>{{buyer}}</b> · Seller <b>{{seller}}</b> · Uploaded by {{uploader}}"
                        values={{ buyer: name(order.buyer_id), seller: name(order.seller_id), uploader: proof.uploader_username }}
                        components={{ b: <span className="font-medium text-foreground" /> }}
                      />
                    }
                    actions={
                      <>
                        {order.appeal && (
                          <Button asChild size="sm" variant={order.status === "disputed" ? "default" : "outline"} className="h-11 sm:h-8">
                            <Link to={`/appeals?order=${order.id}`}>
                              <Scale aria-hidden />
                              {order.status === "disputed" ? t("Open appeal") : t("View appeal")}
                            </Link>
                          </Button>
                        )}
                        <Button asChild size="sm" variant="outline" className="h-11 sm:h-8">
                          <Link to={`/order/${order.id}`}>{t("Open order")}</Link>
                        </Button>
                      </>
                    }
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}

      {query.data && (
        <Pager
          page={filters.page}
          pageSize={ADMIN_TICKETS_PAGE_SIZE}
          total={query.data.total}
          busy={query.isPlaceholderData}
          onPageChange={(next) => {
            update("page", String(next));
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </div>
  );
}

/** A date filter with its short visible label inside the field ("From", "To"). */
function DateField({
  label,
  name,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  name: string;
  value?: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    // A full row each on a phone: half a row is too narrow for the label and the whole date.
    <label className="col-span-2 flex h-11 items-center gap-2 rounded-lg border border-input bg-background px-3 shadow-xs focus-within:ring-2 focus-within:ring-ring sm:col-span-1">
      <span className="text-sm text-muted-foreground" aria-hidden>
        {label}
      </span>
      <input
        type="date"
        aria-label={name}
        value={value ?? ""}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
        className="min-w-0 flex-1 bg-transparent text-base outline-none md:text-sm dark:[color-scheme:dark]"
      />
    </label>
  );
}
