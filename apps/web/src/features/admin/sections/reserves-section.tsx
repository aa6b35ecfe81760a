import { useTranslation } from "@/i18n/use-translation";
import { Landmark, Loader2, Radar, ShieldCheck } from "lucide-react";
import { parseCoin, type LiabilityRoot, type ReserveCoin, type ReserveNetwork } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { translateServerText } from "@/i18n/server-text";
import { showCoin, showCount, showRelative } from "@/i18n/format";
import { toast } from "@/ui/toast";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { useBuildLiabilitiesMutation, useReadReservesMutation } from "@/features/reserves/mutations";
import { useAdminReserves, useLiabilityRoots } from "@/features/reserves/queries";
import { CopyValue } from "../components/copy-value";
import { QueueEmpty, QueueError, QueueSkeleton } from "../components/queue-states";
import { SectionHeader } from "../components/section-header";

/** A coin worth showing: users hold some, or a network of it is watched or has addresses. */
const isActive = (c: ReserveCoin) => parseCoin(c.owed) > 0n || c.networks.some((n) => n.watched || n.address_count > 0);

/**
 * Reserves: per coin, what the ledger owes users (available, escrow, withdrawing) beside what the
 * deposit addresses hold on chain per network; a shortfall is red, a reading over an hour old a
 * warning. Below each coin, its latest published proof-of-liabilities root.
 */
export default function ReservesSection() {
  const { t } = useTranslation();
  const reserves = useAdminReserves();
  const roots = useLiabilityRoots();
  const read = useReadReservesMutation();
  const build = useBuildLiabilitiesMutation();
  const coins = reserves.data?.coins.filter(isActive) ?? [];
  const rootOf = (coin: string) => roots.data?.roots.find((r) => r.coin === coin);

  const readNow = () =>
    read.mutate(undefined, {
      onSuccess: ({ reads }) => {
        const failed = reads.filter((r) => r.error);
        if (reads.length === 0) toast.info(t("No network is watched on this server: set CHAIN_RPC_URLS."));
        else if (failed.length === 0) toast.success(t("Balances read on every watched network"));
        else toast.error(t("These networks could not be read: {{networks}}", { networks: failed.map((r) => `${r.coin} ${r.network}`).join(", ") }));
      },
      onError: (error) => toast.error(translateServerText(error.message)),
    });
  const publish = () =>
    build.mutate(undefined, {
      onSuccess: ({ roots: built }) => toast.success(t("Proof of liabilities published: {{coins}}", { coins: built.map((r) => r.coin).join(", ") })),
      onError: (error) => toast.error(translateServerText(error.message)),
    });

  return (
    <div className="flex flex-col gap-4">
      <SectionHeader
        title={t("Reserves")}
        description={t("What the ledger owes users beside what their deposit addresses hold on chain.")}
        onRefresh={() => Promise.all([reserves.refetch(), roots.refetch()])}
        refreshing={reserves.isFetching}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={readNow} disabled={read.isPending}>
          {read.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Radar aria-hidden />}
          {t("Read balances now")}
        </Button>
        <Button variant="outline" size="sm" onClick={publish} disabled={build.isPending}>
          {build.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <ShieldCheck aria-hidden />}
          {t("Publish proof of liabilities")}
        </Button>
      </div>

      {reserves.isPending ? (
        <QueueSkeleton rows={3} />
      ) : reserves.isError ? (
        <QueueError title={t("We couldn't load reserves")} message={reserves.error.message} onRetry={() => reserves.refetch()} />
      ) : coins.length === 0 ? (
        <QueueEmpty
          icon={<Landmark />}
          title={t("Nothing held yet")}
          description={t("Coins appear here once users hold them or a network is watched.")}
        />
      ) : (
        <ul className="grid gap-4" aria-label={t("Reserves")}>
          {coins.map((coin) => (
            <li key={coin.coin}>
              <CoinReserves coin={coin} root={rootOf(coin.coin)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CoinReserves({ coin, root }: { coin: ReserveCoin; root: LiabilityRoot | undefined }) {
  const { t } = useTranslation();
  const short = coin.shortfall !== null && parseCoin(coin.shortfall) > 0n;
  const stale = coin.networks.some((n) => n.stale);
  const figures: [string, string | null][] = [
    [t("Available"), coin.available],
    [t("In escrow"), coin.escrow],
    [t("Withdrawing"), coin.withdrawing],
    [t("Owed to users"), coin.owed],
    // Nothing watched: no figure rather than a zero that reads like an empty wallet.
    [t("On chain"), coin.shortfall === null ? null : coin.onchain],
  ];
  return (
    <Card className={cn("grid gap-4 p-4 sm:p-5", short && "border-destructive/60")}>
      <div className="flex flex-wrap items-center gap-3">
        <CoinLogo coin={coin.coin} className="size-10" />
        <h3 className="me-auto text-base font-semibold">{coin.coin}</h3>
        {coin.shortfall === null ? (
          <Badge variant="muted">{t("Not watched on chain")}</Badge>
        ) : short ? (
          <Badge variant="danger">{t("Short by {{amount}} {{coin}}", { amount: showCoin(coin.shortfall), coin: coin.coin })}</Badge>
        ) : (
          <Badge variant="success">{t("Covered")}</Badge>
        )}
        {stale && <Badge variant="warning">{t("Stale reading")}</Badge>}
        {coin.partial && coin.shortfall !== null && <Badge variant="muted">{t("Some networks not watched")}</Badge>}
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {figures.map(([label, amount], i) => (
          <div key={label} className="grid min-w-0 gap-0.5">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className={cn("truncate text-sm tabular", i >= 3 && "font-semibold", i === 4 && short && "text-destructive")}>
              {amount === null ? "–" : showCoin(amount)}
            </dd>
          </div>
        ))}
      </dl>
      <ul className="divide-y rounded-lg border" aria-label={t("{{coin}} networks", { coin: coin.coin })}>
        {coin.networks.map((network) => (
          <NetworkRow key={network.network} network={network} />
        ))}
      </ul>
      <LiabilityRootLine coin={coin} root={root} />
    </Card>
  );
}

function NetworkRow({ network }: { network: ReserveNetwork }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
      <span className="min-w-0 flex-1 truncate font-medium">{network.name}</span>
      {network.watched ? (
        <>
          <span className="tabular">{network.onchain_balance === null ? t("Not read yet") : showCoin(network.onchain_balance)}</span>
          <span className="text-xs text-muted-foreground">
            {t("Addresses: {{number}}", { number: showCount(network.address_count) })}
            {network.balance_read_at && ` · ${showRelative(network.balance_read_at)}`}
          </span>
          {network.stale && <Badge variant="warning">{t("Over an hour old")}</Badge>}
        </>
      ) : (
        <span className="text-xs text-muted-foreground">
          {network.kind === "manual" ? t("Not watched (manual network)") : t("Not watched (no RPC URL)")}
        </span>
      )}
    </li>
  );
}

function LiabilityRootLine({ coin, root }: { coin: ReserveCoin; root: LiabilityRoot | undefined }) {
  const { t } = useTranslation();
  if (!root) return <p className="text-xs text-muted-foreground">{t("No proof of liabilities published yet.")}</p>;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
      <span>{t("Proof of liabilities")}</span>
      <CopyValue value={root.root_hash} label={t("root hash")} />
      <span className="tabular">
        {t("Total {{total}} {{coin}} · balances: {{number}}", { total: showCoin(root.total), coin: coin.coin, number: showCount(root.leaf_count) })}
      </span>
      <span>{showRelative(root.created_at)}</span>
    </div>
  );
}
