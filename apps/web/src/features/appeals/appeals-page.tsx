import { useSearchParams } from "react-router";
import { ChevronDown, ImageIcon, Scale } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { msg, type AppealState, type AppealSummary } from "@p2p/shared";
import { translateServerText } from "@/i18n/server-text";
import { cn } from "@/lib/cn";
import { useSession } from "@/features/auth/queries";
import { PagedCardList } from "@/features/orders/paged-card-list";
import { Card } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { EmptyState } from "@/ui/empty-state";
import { PageHeader } from "@/ui/page-header";
import { Skeleton } from "@/ui/skeleton";
import { showCoin, showNaira } from "@/i18n/format";
import { AppealDetails } from "./appeal-details";
import { formatWhen, OutcomeBadge, shortOrderId } from "./parts";
import { APPEALS_PAGE_SIZE, useAppeal, useAppeals } from "./queries";

type Tab = AppealState | "all";
const TABS: { value: Tab; label: string }[] = [
  { value: "all", label: msg("All") },
  { value: "open", label: msg("Under review") },
  { value: "closed", label: msg("Decided") },
];

/** /appeals: the disputed orders the caller is part of (all of them for admins), each with its timeline. */
export default function AppealsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const isAdmin = session.data?.role === "admin";
  const [params, setParams] = useSearchParams();
  const rawPage = Number(params.get("page"));
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const stateParam = params.get("state");
  const tab: Tab = stateParam === "open" || stateParam === "closed" ? stateParam : "all";
  const openId = params.get("order");
  const query = useAppeals({ state: tab === "all" ? undefined : tab, page });

  const set = (key: "state" | "page" | "order", value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === "all" || (key === "page" && value === "1")) next.delete(key);
        else next.set(key, value);
        if (key === "state") next.delete("page");
        return next;
      },
      { replace: true },
    );

  return (
    <div className="flex flex-col gap-5 sm:gap-6">
      <PageHeader
        title={t("Appeals")}
        description={
          isAdmin
            ? t("Every disputed order, the newest appeal first, with its evidence and timeline.")
            : t("Orders you or your trading partner disputed, with the evidence, what happened, and the outcome.")
        }
      />
      <div
        role="group"
        aria-label={t("Show appeals")}
        className="inline-flex h-9 w-full items-center rounded-lg bg-muted p-1 text-muted-foreground sm:w-auto sm:self-start"
      >
        {TABS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={tab === option.value}
            onClick={() => set("state", option.value)}
            className={cn(
              "inline-flex h-7 flex-1 items-center justify-center rounded-md px-3 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex-none sm:text-sm",
              tab === option.value ? "bg-background text-foreground shadow-sm" : "hover:text-foreground",
            )}
          >
            {t(option.label)}
          </button>
        ))}
      </div>

      <PagedCardList
        query={query}
        items={(data) => data.appeals}
        label={t("Appeals")}
        icon={<Scale />}
        loadErrorTitle={t("We couldn't load appeals")}
        skeleton={<ListSkeleton />}
        empty={
          <EmptyState
            className="py-12"
            icon={<Scale />}
            title={tab === "open" ? t("No appeals under review") : tab === "closed" ? t("No decided appeals") : t("No appeals")}
            description={
              tab === "all"
                ? t(
                    "If a trade goes wrong after the payment was marked as sent, open an appeal from the order page. It shows up here with its evidence and outcome.",
                  )
                : t("Nothing here right now. Try the other tabs.")
            }
          />
        }
        page={page}
        pageSize={APPEALS_PAGE_SIZE}
        onPageChange={(next) => set("page", String(next))}
      >
        {(appeal) => (
          <AppealCard
            key={appeal.order_id}
            appeal={appeal}
            isAdmin={isAdmin}
            open={openId === appeal.order_id}
            onToggle={() => set("order", openId === appeal.order_id ? null : appeal.order_id)}
          />
        )}
      </PagedCardList>
    </div>
  );
}

function AppealCard({ appeal, isAdmin, open, onToggle }: { appeal: AppealSummary; isAdmin: boolean; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const a = appeal.appeal;
  const buyer = appeal.buyer?.username;
  const seller = appeal.seller?.username;
  // Admins see both names; an account gone since shows as its role.
  const anyBuyer = t("Buyer");
  const anySeller = t("seller");
  const role =
    appeal.my_role === "buyer"
      ? seller
        ? t("You bought from {{name}}", { name: seller })
        : t("You bought from the seller")
      : appeal.my_role === "seller"
        ? buyer
          ? t("You sold to {{name}}", { name: buyer })
          : t("You sold to the buyer")
        : t("{{buyer}} bought from {{seller}}", { buyer: buyer ?? anyBuyer, seller: seller ?? anySeller });
  const when = formatWhen(a.created_at);
  const openedBy = !a.opened_by
    ? t("Opened by the system · {{when}}", { when })
    : a.opened_by.id === appeal.buyer?.id
      ? t("Opened by the buyer · {{when}}", { when })
      : t("Opened by the seller · {{when}}", { when });
  return (
    <li>
      <Card className="overflow-hidden">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={`appeal-${appeal.order_id}`}
          className="flex w-full flex-col gap-3 px-4 py-4 text-start transition-colors hover:bg-muted/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring sm:px-5"
        >
          <span className="flex items-start gap-3">
            <CoinLogo coin={appeal.coin} className="size-10 shrink-0" />
            <span className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{t("Order {{ref}}", { ref: shortOrderId(appeal.order_id) })}</span>
                <OutcomeBadge appeal={appeal} />
              </span>
              <span className="text-sm tabular text-muted-foreground">
                {showCoin(appeal.coin_amount)} {appeal.coin} · {showNaira(appeal.naira_amount)}
              </span>
              <span className="truncate text-xs text-muted-foreground">{role}</span>
            </span>
            <ChevronDown className={cn("mt-1 size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-180")} aria-hidden />
          </span>
          <span className="block rounded-md border-s-4 border-destructive/40 bg-muted/50 px-3 py-2 text-sm">
            <span className="line-clamp-2 break-words">{a.reason}</span>
          </span>
          <span className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <span>{openedBy}</span>
            {a.resolved_at && <span>{t("Decided {{when}}", { when: formatWhen(a.resolved_at) })}</span>}
            <span className="inline-flex items-center gap-1">
              <ImageIcon className="size-3.5" aria-hidden />
              {t("{{count}} images", { count: appeal.evidence_count })}
            </span>
          </span>
        </button>
        {open && (
          <div id={`appeal-${appeal.order_id}`} className="border-t px-4 py-4 sm:px-5">
            <OpenAppeal orderId={appeal.order_id} isAdmin={isAdmin} />
          </div>
        )}
      </Card>
    </li>
  );
}

function OpenAppeal({ orderId, isAdmin }: { orderId: string; isAdmin: boolean }) {
  const detail = useAppeal(orderId);
  if (detail.isPending) return <Skeleton className="h-40 w-full" />;
  if (detail.isError) return <p className="text-sm text-destructive">{translateServerText(detail.error.message)}</p>;
  return <AppealDetails detail={detail.data} isAdmin={isAdmin} />;
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden>
      {[0, 1].map((i) => (
        <Card key={i} className="flex flex-col gap-3 p-4">
          <div className="flex gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-10 w-full" />
        </Card>
      ))}
    </div>
  );
}
