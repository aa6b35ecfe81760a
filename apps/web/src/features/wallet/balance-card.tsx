import type { ReactNode } from "react";
import { ArrowDownToLine, ArrowUpFromLine, CircleCheck, Lock, Send } from "lucide-react";
import { formatCoin, parseCoin, type WalletBalance } from "@p2p/shared";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { CoinLogo } from "@/ui/coin-logo";
import { showCoin, showCoinUnits } from "@/features/coins/format";

/** One coin: the total and its three parts, with deposit and withdraw at hand. */
export function BalanceCard({
  balance,
  onDeposit,
  onWithdraw,
}: {
  balance: WalletBalance;
  onDeposit: () => void;
  onWithdraw: () => void;
}) {
  const available = parseCoin(balance.available);
  const total = available + parseCoin(balance.in_escrow) + parseCoin(balance.withdrawing);
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex items-center gap-3">
        <CoinLogo coin={balance.coin} className="size-10" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{balance.coin}</p>
          <p className="truncate text-xs text-muted-foreground">{balance.name}</p>
        </div>
        <div className="min-w-0 text-right">
          <p className="text-xs text-muted-foreground">Total {balance.coin}</p>
          <p className="break-all text-lg font-bold tabular">{showCoinUnits(total)}</p>
        </div>
      </div>
      <dl className="grid gap-1.5 rounded-lg bg-muted/50 p-3">
        <Part label="Available" value={formatCoin(available)} icon={<CircleCheck className="size-3" aria-hidden />} strong />
        <Part label="In escrow" value={balance.in_escrow} icon={<Lock className="size-3" aria-hidden />} />
        <Part label="Withdrawing" value={balance.withdrawing} icon={<Send className="size-3" aria-hidden />} />
      </dl>
      <div className="mt-auto grid grid-cols-2 gap-2">
        <Button size="sm" onClick={onDeposit} aria-label={`Deposit ${balance.coin}`}>
          <ArrowDownToLine />
          Deposit
        </Button>
        <Button size="sm" variant="outline" onClick={onWithdraw} aria-label={`Withdraw ${balance.coin}`}>
          <ArrowUpFromLine />
          Withdraw
        </Button>
      </div>
    </Card>
  );
}

function Part({ label, value, icon, strong }: { label: string; value: string; icon?: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="inline-flex shrink-0 items-center gap-1.5 text-xs text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd className={strong ? "min-w-0 break-all text-right text-sm font-semibold tabular" : "min-w-0 break-all text-right text-sm tabular text-muted-foreground"}>{showCoin(value)}</dd>
    </div>
  );
}
