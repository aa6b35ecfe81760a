import type { ReactNode } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { ArrowDownToLine, ArrowUpFromLine, CircleCheck, Lock, Send, ShieldCheck } from "lucide-react";
import { formatCoin, msg, parseCoin, type WalletBalance } from "@p2p/shared";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { showCoin, showCoinUnits } from "@/i18n/format";

/** One coin: the total and its three parts, with deposit and withdraw at hand, and the check of the balance in the proof of liabilities. */
export function BalanceCard({
  balance,
  onDeposit,
  onWithdraw,
  onVerify,
}: {
  balance: WalletBalance;
  onDeposit: () => void;
  onWithdraw: () => void;
  onVerify: () => void;
}) {
  const { t } = useTranslation();
  const available = parseCoin(balance.available);
  const total = available + parseCoin(balance.in_escrow) + parseCoin(balance.withdrawing);
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex items-center gap-3">
        <CoinLogo coin={balance.coin} className="size-10 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{balance.coin}</p>
          <p className="truncate text-xs text-muted-foreground">{balance.name}</p>
        </div>
        <div className="min-w-0 text-end">
          <p className="text-xs text-muted-foreground">{t("Total {{coin}}", { coin: balance.coin })}</p>
          <p className="break-all text-lg font-bold tabular">{showCoinUnits(total)}</p>
        </div>
      </div>
      <dl className="grid gap-1.5 rounded-lg bg-muted/50 p-3">
        <Part label={msg("Available")} value={formatCoin(available)} icon={<CircleCheck className="size-3" aria-hidden />} strong />
        <Part label={msg("In escrow")} value={balance.in_escrow} icon={<Lock className="size-3" aria-hidden />} />
        <Part label={msg("Withdrawing")} value={balance.withdrawing} icon={<Send className="size-3" aria-hidden />} />
      </dl>
      <Button variant="link" size="sm" className="h-auto min-h-9 justify-start self-start px-0 text-xs sm:min-h-0" onClick={onVerify}>
        <ShieldCheck className="size-3.5" aria-hidden />
        {t("Verify my {{coin}} balance", { coin: balance.coin })}
      </Button>
      <div className="mt-auto grid grid-cols-2 gap-2">
        <Button className="h-11 min-w-0 sm:h-9" onClick={onDeposit} aria-label={t("Deposit {{coin}}", { coin: balance.coin })}>
          <ArrowDownToLine />
          <span className="truncate">{t("Deposit")}</span>
        </Button>
        <Button className="h-11 min-w-0 sm:h-9" variant="outline" onClick={onWithdraw} aria-label={t("Withdraw {{coin}}", { coin: balance.coin })}>
          <ArrowUpFromLine />
          <span className="truncate">{t("Withdraw")}</span>
        </Button>
      </div>
    </Card>
  );
}

/** One part of the balance; `label` is a key, translated here. */
function Part({ label, value, icon, strong }: { label: string; value: string; icon?: ReactNode; strong?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="inline-flex min-w-0 max-w-[50%] items-center gap-1.5 text-xs text-muted-foreground">
        <span className="shrink-0">{icon}</span>
        <span className="min-w-0 break-words">{t(label)}</span>
      </dt>
      <dd
        className={
          strong ? "min-w-0 break-all text-end text-sm font-semibold tabular" : "min-w-0 break-all text-end text-sm tabular text-muted-foreground"
        }
      >
        {showCoin(value)}
      </dd>
    </div>
  );
}
