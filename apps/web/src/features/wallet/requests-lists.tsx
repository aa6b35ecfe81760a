import { useState, type ReactNode } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { ArrowDownToLine, ArrowUpFromLine, Loader2, RotateCw, X } from "lucide-react";
import { toast } from "@/ui/toast";
import { msg, type Deposit, type Withdrawal } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { useIntentKey } from "@/lib/idempotency";
import { Button } from "@/ui/button";
import { CoinLogo } from "@/ui/coin-logo";
import { CopyButton } from "@/ui/copy-button";
import { EmptyState } from "@/ui/empty-state";
import { Pager } from "@/ui/pager";
import { showCoin, showDateTime } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { ListSkeleton } from "./ledger-list";
import { useCancelWithdrawalMutation } from "./mutations";
import { useDeposits, useWithdrawals, WALLET_PAGE_SIZE } from "./queries";
import { RequestStatusBadge } from "./status-badge";

const shortHash = (hash: string) => (hash.length > 18 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash);

type ListState<T> = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  isPlaceholderData: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

function ListFrame<T extends { total: number; page: number }>({
  query,
  items,
  page,
  setPage,
  empty,
  errorTitle,
  children,
}: {
  query: ListState<T>;
  items: (data: T) => unknown[];
  page: number;
  setPage: (page: number) => void;
  empty: ReactNode;
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <ListSkeleton />;
  if (!query.data) {
    return (
      <EmptyState
        role="alert"
        title={errorTitle}
        description={query.error && translateServerText(query.error.message)}
        action={
          <Button variant="outline" size="sm" onClick={() => query.refetch()}>
            <RotateCw />
            {t("Try again")}
          </Button>
        }
      />
    );
  }
  if (items(query.data).length === 0) return <>{empty}</>;
  return (
    <div className="grid gap-1">
      <ul className={cn("divide-y rounded-lg border transition-opacity", query.isPlaceholderData && "opacity-60")}>{children(query.data)}</ul>
      <Pager page={page} pageSize={WALLET_PAGE_SIZE} total={query.data.total} onPageChange={setPage} busy={query.isFetching} />
    </div>
  );
}

/** The caller's deposits with their review status. */
export function DepositsList({ onDeposit }: { onDeposit: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const deposits = useDeposits(page);
  return (
    <ListFrame
      query={deposits}
      items={(d) => d.deposits}
      page={page}
      setPage={setPage}
      errorTitle={t("We couldn't load your deposits")}
      empty={
        <EmptyState
          icon={<ArrowDownToLine />}
          title={t("No deposits yet")}
          description={t("Send coins to your deposit address on the network you choose; each deposit shows up here while it is confirmed.")}
          action={
            <Button size="sm" onClick={onDeposit}>
              {t("Deposit coins")}
            </Button>
          }
        />
      }
    >
      {(data) => data.deposits.map((d) => <DepositRow key={d.id} deposit={d} />)}
    </ListFrame>
  );
}

function RequestRow({
  coin,
  amount,
  title,
  status,
  createdAt,
  hash,
  detail,
  action,
}: {
  coin: string;
  amount: string;
  /** A key, translated here. */
  title: string;
  status: Deposit["status"] | Withdrawal["status"];
  createdAt: string;
  hash: string | null;
  detail?: ReactNode;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <li className="grid gap-2 px-3 py-3 sm:px-4">
      <div className="flex items-center gap-3">
        <CoinLogo coin={coin} className="size-9" />
        <div className="min-w-0 flex-1">
          <p className="break-all text-sm font-semibold tabular">
            {showCoin(amount)} {coin}
          </p>
          <p className="text-xs text-muted-foreground">
            {t(title)} · {showDateTime(createdAt)}
          </p>
        </div>
        <RequestStatusBadge status={status} />
      </div>
      {(hash || detail || action) && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 ps-12 text-xs text-muted-foreground">
          {hash && (
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <span>{t("Tx")}</span>
              <code className="truncate font-mono text-foreground" title={hash}>
                {shortHash(hash)}
              </code>
              <CopyButton value={hash} label={t("transaction hash")} className="size-9" />
            </span>
          )}
          {detail}
          {action && <span className="ms-auto">{action}</span>}
        </div>
      )}
    </li>
  );
}

function DepositRow({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation();
  return (
    <RequestRow
      coin={deposit.coin}
      amount={deposit.amount}
      title={msg("Deposit")}
      status={deposit.status}
      createdAt={deposit.created_at}
      hash={deposit.tx_hash}
      detail={
        <>
          <span>{t("Network: {{network}}", { network: deposit.network })}</span>
          {deposit.status === "confirming" && deposit.confirmations_required !== null && (
            <span className="font-medium text-foreground" data-testid="deposit-progress">
              {t("Confirming {{n}} of {{total}}", {
                n: Math.min(deposit.confirmations, deposit.confirmations_required),
                total: deposit.confirmations_required,
              })}
            </span>
          )}
          {deposit.reject_reason && (
            <span className="w-full break-words text-destructive">{t("Reason: {{reason}}", { reason: deposit.reject_reason })}</span>
          )}
        </>
      }
    />
  );
}

/** The caller's withdrawals; a pending one may still be cancelled. */
export function WithdrawalsList({ onWithdraw }: { onWithdraw: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const withdrawals = useWithdrawals(page);
  return (
    <ListFrame
      query={withdrawals}
      items={(d) => d.withdrawals}
      page={page}
      setPage={setPage}
      errorTitle={t("We couldn't load your withdrawals")}
      empty={
        <EmptyState
          icon={<ArrowUpFromLine />}
          title={t("No withdrawals yet")}
          description={t("Withdrawal requests and their status appear here.")}
          action={
            <Button size="sm" variant="outline" onClick={onWithdraw}>
              {t("Withdraw coins")}
            </Button>
          }
        />
      }
    >
      {(data) => data.withdrawals.map((w) => <WithdrawalRow key={w.id} withdrawal={w} />)}
    </ListFrame>
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const cancel = useCancelWithdrawalMutation();
  const attempt = useIntentKey();
  const onCancel = () =>
    cancel.mutate(
      { id: withdrawal.id, idempotencyKey: attempt.keyFor({ cancel: withdrawal.id }) },
      {
        onSuccess: () => {
          attempt.answered();
          toast.success(t("Withdrawal cancelled"), {
            description: t("{{amount}} {{coin}} is back in your available balance.", { amount: showCoin(withdrawal.amount), coin: withdrawal.coin }),
          });
        },
        onError: (err) => {
          attempt.answered(err);
          toast.error(t("Could not cancel the withdrawal"), { description: translateServerText(err.message) });
        },
      },
    );

  return (
    <RequestRow
      coin={withdrawal.coin}
      amount={withdrawal.amount}
      title={msg("Withdrawal")}
      status={withdrawal.status}
      createdAt={withdrawal.created_at}
      hash={withdrawal.tx_hash}
      detail={
        <>
          <span className="inline-flex min-w-0 max-w-full items-center gap-1">
            <Trans
              i18nKey="To <code>{{address}}</code>"
              values={{ address: shortHash(withdrawal.address) }}
              components={{ code: <code className="truncate font-mono text-foreground" title={withdrawal.address} /> }}
            />
          </span>
          <span className="w-full break-words">
            {t("{{network}} · fee {{fee}} · receives {{amount}} {{coin}}", {
              network: withdrawal.network,
              fee: showCoin(withdrawal.network_fee),
              amount: showCoin(withdrawal.receive_amount),
              coin: withdrawal.coin,
            })}
          </span>
          {withdrawal.explorer_url && (
            <a
              href={withdrawal.explorer_url}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {t("View on explorer")}
            </a>
          )}
          {withdrawal.reject_reason && (
            <span className="w-full break-words text-destructive">{t("Reason: {{reason}}", { reason: withdrawal.reject_reason })}</span>
          )}
        </>
      }
      action={
        withdrawal.status === "pending" && (
          <Button
            variant="outline"
            size="sm"
            className="h-9 px-2 text-destructive hover:text-destructive"
            onClick={onCancel}
            disabled={cancel.isPending}
          >
            {cancel.isPending ? <Loader2 className="animate-spin" /> : <X />}
            {t("Cancel")}
          </Button>
        )
      }
    />
  );
}
