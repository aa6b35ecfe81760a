import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import type { TFunction } from "@p2p/shared";
import { ArrowDownToLine, ArrowUpFromLine, BarChart3, ClipboardList, Coins, Scale, Store, Users, type LucideIcon } from "lucide-react";
import { msg, parseCoin, type AdminOverview } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { EmptyState } from "@/ui/empty-state";
import { Skeleton } from "@/ui/skeleton";
import { showCoin, showCount, showDateTime, showNaira, showNairaCompact } from "@/i18n/format";
import { AccountingExportsCard } from "../components/accounting-exports-card";
import { QueueError } from "../components/queue-states";
import { SectionHeader } from "../components/section-header";
import { useAdminOverview } from "../queries";

type Tile = {
  label: string;
  icon: LucideIcon;
  tint: string;
  value: (o: AdminOverview) => number;
  hint: (o: AdminOverview, t: TFunction) => string;
  /** A queue an admin works through: the tile links to its section and stands out when not empty. */
  section?: string;
};

const TILES: Tile[] = [
  {
    label: msg("Open appeals"),
    icon: Scale,
    tint: "bg-rose-500/12 text-rose-600 dark:text-rose-400",
    value: (o) => o.open_appeals,
    hint: (_, t) => t("Disputed orders to resolve"),
    section: "appeals",
  },
  {
    label: msg("Pending deposits"),
    icon: ArrowDownToLine,
    tint: "bg-sky-500/12 text-sky-600 dark:text-sky-400",
    value: (o) => o.pending_deposits,
    hint: (_, t) => t("Waiting for confirmation"),
    section: "deposits",
  },
  {
    label: msg("Pending withdrawals"),
    icon: ArrowUpFromLine,
    tint: "bg-amber-500/15 text-amber-700 dark:text-amber-400",
    value: (o) => o.pending_withdrawals,
    hint: (_, t) => t("Waiting to be sent"),
    section: "withdrawals",
  },
  {
    label: msg("Open orders"),
    icon: ClipboardList,
    tint: "bg-violet-500/12 text-violet-600 dark:text-violet-400",
    value: (o) => o.open_orders,
    hint: (_, t) => t("Not yet completed or cancelled"),
  },
  {
    label: msg("Users"),
    icon: Users,
    tint: "bg-primary/12 text-primary",
    value: (o) => o.total_users,
    hint: (o, t) => t("{{number}} joined in the last 24 h", { number: showCount(o.new_users_24h) }),
  },
  {
    label: msg("Merchants"),
    icon: Store,
    tint: "bg-emerald-500/12 text-emerald-600 dark:text-emerald-400",
    value: (o) => o.merchants,
    hint: (o, t) => t("{{number}} with an online offer", { number: showCount(o.online_merchants) }),
  },
];

/** The state of the marketplace at a glance: the queues first, then people and the last 24 h. */
export default function OverviewSection() {
  const { t } = useTranslation();
  const overview = useAdminOverview();

  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title={t("Overview")}
        description={
          overview.data
            ? t("Updated {{when}}; refreshes every 30 seconds.", { when: showDateTime(overview.data.generated_at) })
            : t("The marketplace at a glance.")
        }
        onRefresh={() => overview.refetch()}
        refreshing={overview.isFetching}
      />
      {overview.isError ? (
        <QueueError title={t("We couldn't load the overview")} message={overview.error.message} onRetry={() => overview.refetch()} />
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3" aria-busy={overview.isPending}>
            {TILES.map((tile) => (
              <li key={tile.label}>
                <OverviewTile tile={tile} data={overview.data} />
              </li>
            ))}
          </ul>
          <VolumeCard data={overview.data} />
          <FeeIncomeCard data={overview.data} />
          <AccountingExportsCard />
        </>
      )}
    </div>
  );
}

function OverviewTile({ tile, data }: { tile: Tile; data: AdminOverview | undefined }) {
  const { t } = useTranslation();
  const value = data ? tile.value(data) : null;
  const needsAttention = tile.section !== undefined && value !== null && value > 0;
  const body = (
    <Card
      className={cn(
        "flex h-full flex-col gap-3 p-4 transition-colors sm:p-5",
        tile.section && "hover:border-primary/40 hover:bg-accent/30",
        needsAttention && "border-primary/30",
      )}
    >
      <p className="text-xs font-medium text-muted-foreground sm:text-sm">{t(tile.label)}</p>
      <div className="flex items-end justify-between gap-2">
        {value !== null ? (
          <p className="text-2xl font-bold tracking-tight tabular sm:text-3xl">{showCount(value)}</p>
        ) : (
          <Skeleton className="h-8 w-16 sm:h-9" />
        )}
        <span className={`inline-flex size-8 shrink-0 items-center justify-center rounded-lg sm:size-9 ${tile.tint}`}>
          <tile.icon className="size-4" aria-hidden />
        </span>
      </div>
      <p className="text-xs text-muted-foreground">{data ? tile.hint(data, t) : " "}</p>
    </Card>
  );
  if (!tile.section) return body;
  return (
    <Link to={`?section=${tile.section}`} className="block h-full rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      {body}
    </Link>
  );
}

function VolumeCard({ data }: { data: AdminOverview | undefined }) {
  const { t } = useTranslation();
  const traded = data?.volume_24h.some((v) => v.trades > 0) ?? false;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t("24 h volume")}</CardTitle>
        <CardDescription>{t("Completed trades per coin in the last 24 hours, each order counted once")}</CardDescription>
      </CardHeader>
      <CardContent>
        {!data ? (
          <div className="grid gap-3" aria-busy>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : !traded ? (
          <EmptyState
            icon={<BarChart3 />}
            title={t("No completed trades in the last 24 hours")}
            description={t("Volume per coin appears here as orders complete.")}
          />
        ) : (
          <div className="-mx-5 overflow-x-auto">
            <table className="w-full min-w-[18rem] text-sm">
              <thead>
                <tr className="border-b text-start text-xs text-muted-foreground">
                  <th scope="col" className="ps-5 pe-2 py-2 text-start font-medium sm:pe-3">
                    {t("Coin")}
                  </th>
                  <th scope="col" className="px-2 py-2 text-end font-medium sm:px-3">
                    {t("Trades")}
                  </th>
                  <th scope="col" className="px-2 py-2 text-end font-medium sm:px-3">
                    {t("Amount")}
                  </th>
                  <th scope="col" className="ps-2 pe-5 py-2 text-end font-medium sm:ps-3">
                    {t("Naira")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {data.volume_24h.map((row) => (
                  <tr key={row.coin} className={row.trades === 0 ? "text-muted-foreground" : undefined}>
                    <th scope="row" className="ps-5 pe-2 py-2.5 text-start font-medium sm:pe-3">
                      <span className="flex items-center gap-2">
                        <CoinLogo coin={row.coin} className="size-6" />
                        {row.coin}
                      </span>
                    </th>
                    <td className="px-2 py-2.5 text-end tabular sm:px-3">{showCount(row.trades)}</td>
                    <td className="px-2 py-2.5 text-end tabular sm:px-3">{showCoin(row.coin_amount)}</td>
                    <td className="ps-2 pe-5 py-2.5 text-end font-medium tabular sm:ps-3">
                      {/* Phones get the compact "₦1.5M"; the exact figure from the small-tablet width up. */}
                      <span className="sm:hidden">{showNairaCompact(row.naira_amount)}</span>
                      <span className="hidden sm:inline">{showNaira(row.naira_amount)}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The platform's income: every fee merchants have paid, per coin, all time (the fee accounts' balances). */
function FeeIncomeCard({ data }: { data: AdminOverview | undefined }) {
  const { t } = useTranslation();
  const earning = data?.volume_24h.filter((v) => parseCoin(v.fee_income) > 0n) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t("Fee income")}</CardTitle>
        <CardDescription>{t("Fees merchants have paid on completed orders, per coin, since the start")}</CardDescription>
      </CardHeader>
      <CardContent>
        {!data ? (
          <Skeleton className="h-10 w-full" />
        ) : earning.length === 0 ? (
          <EmptyState
            icon={<Coins />}
            title={t("No fees earned yet")}
            description={t("Merchants pay their fee when an order completes; their first 30 days are free.")}
          />
        ) : (
          <ul className="divide-y text-sm" aria-label={t("Fee income")}>
            {earning.map((row) => (
              <li key={row.coin} className="flex items-center justify-between gap-3 py-2.5">
                <span className="flex items-center gap-2 font-medium">
                  <CoinLogo coin={row.coin} className="size-6" />
                  {row.coin}
                </span>
                <span className="font-medium tabular">{showCoin(row.fee_income)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
