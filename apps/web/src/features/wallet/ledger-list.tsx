import { useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { ArrowDownLeft, ArrowUpRight, History, RotateCw } from "lucide-react";
import { msg, type LedgerAccountKind, type TransferKind, type WalletBalance, type WalletEntry } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { EmptyState } from "@/ui/empty-state";
import { Pager } from "@/ui/pager";
import { NativeSelect } from "@/ui/select";
import { Skeleton } from "@/ui/skeleton";
import { showCoin, showDateTime, showSignedCoin } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { FIRST_ENTRIES, useWalletEntries, WALLET_PAGE_SIZE } from "./queries";

/** What each movement means to the person (a key), by transfer and by which of their accounts it touched. */
function describe(entry: WalletEntry): string {
  const into = !entry.amount.startsWith("-");
  const labels: Record<TransferKind, string> = {
    deposit: msg("Deposit confirmed"),
    withdrawal_request: into ? msg("Held for withdrawal") : msg("Withdrawal requested"),
    withdrawal_cancel: into ? msg("Withdrawal cancelled, returned") : msg("Withdrawal cancelled"),
    withdrawal_reject: into ? msg("Withdrawal rejected, returned") : msg("Withdrawal rejected"),
    withdrawal_sent: msg("Withdrawal sent"),
    escrow_lock: into ? msg("Locked in escrow for an order") : msg("Moved to escrow"),
    escrow_release: into ? msg("Received from a trade") : msg("Released to the buyer"),
    escrow_refund: into ? msg("Refunded from escrow") : msg("Escrow refunded"),
  };
  return labels[entry.transfer];
}

const ACCOUNT_LABEL: Record<LedgerAccountKind, string> = {
  available: msg("Available"),
  escrow: msg("Escrow"),
  withdrawing: msg("Withdrawing"),
  custody: msg("Custody"),
};

/** The caller's own ledger entries, newest first, filterable by coin and paged. */
export function LedgerList({ balances }: { balances: WalletBalance[] }) {
  const { t } = useTranslation();
  const [coin, setCoin] = useState<string>(FIRST_ENTRIES.coin);
  const [page, setPage] = useState<number>(FIRST_ENTRIES.page);
  const entries = useWalletEntries(coin, page);

  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-muted-foreground">{t("Every coin movement on your account.")}</p>
        <div className="w-36 shrink-0">
          <NativeSelect
            aria-label={t("Filter by coin")}
            value={coin}
            onChange={(e) => {
              setCoin(e.target.value);
              setPage(1);
            }}
            className="h-11 sm:h-9"
          >
            <option value="">{t("All coins")}</option>
            {balances.map((b) => (
              <option key={b.coin} value={b.coin}>
                {b.coin}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {entries.isPending ? (
        <ListSkeleton />
      ) : entries.isError && !entries.data ? (
        <EmptyState
          role="alert"
          icon={<History />}
          title={t("We couldn't load your wallet history")}
          description={translateServerText(entries.error.message)}
          action={
            <Button variant="outline" size="sm" onClick={() => entries.refetch()}>
              <RotateCw />
              {t("Try again")}
            </Button>
          }
        />
      ) : entries.data.entries.length === 0 ? (
        <EmptyState
          icon={<History />}
          title={coin ? t("No {{coin}} movements yet", { coin }) : t("No wallet activity yet")}
          description={t("Deposits, withdrawals and escrow movements from your trades will be listed here.")}
        />
      ) : (
        <>
          <ul className={cn("divide-y rounded-lg border transition-opacity", entries.isPlaceholderData && "opacity-60")}>
            {entries.data.entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ul>
          <Pager page={page} pageSize={WALLET_PAGE_SIZE} total={entries.data.total} onPageChange={setPage} busy={entries.isFetching} />
        </>
      )}
    </div>
  );
}

function EntryRow({ entry }: { entry: WalletEntry }) {
  const { t } = useTranslation();
  const into = !entry.amount.startsWith("-");
  const Arrow = into ? ArrowDownLeft : ArrowUpRight;
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-0.5 px-3 py-3 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:px-4">
      <span
        className={cn(
          "row-span-2 inline-flex size-9 shrink-0 items-center justify-center rounded-full sm:row-span-1",
          into ? "bg-emerald-500/12 text-emerald-700 dark:text-emerald-400" : "bg-muted text-muted-foreground",
        )}
      >
        <Arrow className="size-4 rtl:-scale-x-100" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">{t(describe(entry))}</p>
        <p className="truncate text-xs text-muted-foreground">
          {t(ACCOUNT_LABEL[entry.account])} · {showDateTime(entry.created_at)}
          {entry.order_id && (
            <>
              {" · "}
              <Link to={`/order/${entry.order_id}`} className="font-medium text-primary hover:underline">
                {t("Order")}
              </Link>
            </>
          )}
        </p>
      </div>
      <div className="col-start-2 flex min-w-0 flex-wrap items-baseline gap-x-2 sm:col-start-3 sm:row-start-1 sm:block sm:text-end">
        <p className={cn("break-all text-sm font-semibold tabular", into ? "text-emerald-700 dark:text-emerald-400" : "text-foreground")}>
          {showSignedCoin(entry.amount)} {entry.coin}
        </p>
        <p className="break-all text-xs text-muted-foreground tabular">{t("Balance {{amount}}", { amount: showCoin(entry.balance_after) })}</p>
      </div>
    </li>
  );
}

export function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <ul className="divide-y rounded-lg border" aria-busy aria-label={t("Loading")}>
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="flex items-center gap-3 p-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-36" />
            <Skeleton className="h-3 w-48" />
          </div>
          <Skeleton className="h-4 w-20" />
        </li>
      ))}
    </ul>
  );
}
