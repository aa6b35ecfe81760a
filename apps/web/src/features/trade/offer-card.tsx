import { Landmark } from "lucide-react";
import type { MarketOffer } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { showNaira, showPercent, showRelative, showScore } from "@/features/coins/format";
import { UserAvatar } from "@/features/shell/user-avatar";

/** One merchant's offer: who, at what price, within which limits, paid how; and the button to trade. */
export function OfferCard({ offer, best, onTrade }: { offer: MarketOffer; best: boolean; onTrade: () => void }) {
  const buying = offer.side === "buy";
  return (
    <li className="grid gap-3 p-4 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1.2fr)_minmax(0,1fr)_auto] lg:items-center lg:gap-4 lg:px-5">
      <div className="flex min-w-0 items-center gap-3">
        <UserAvatar name={offer.username} />
        <div className="min-w-0">
          <p className="flex items-center gap-2 truncate text-sm font-semibold">
            <span className="truncate">{offer.username}</span>
            {best && (
              <span className="shrink-0 rounded bg-primary/12 px-1.5 py-0.5 text-[0.625rem] font-bold uppercase tracking-wide text-primary">
                Best price
              </span>
            )}
          </p>
          <p className="truncate text-xs text-muted-foreground tabular">
            <span className="text-amber-700 dark:text-amber-400">★</span> {showScore(offer.reputation_score)} · {offer.total_trades}{" "}
            {offer.total_trades === 1 ? "trade" : "trades"} · {offer.completion_rate === null ? "no record yet" : `${showPercent(offer.completion_rate)} completion`}
          </p>
        </div>
      </div>

      <div className="flex items-baseline justify-between gap-3 lg:block">
        <span className="text-xs text-muted-foreground lg:hidden">Price</span>
        <p className={cn("text-lg font-bold tabular lg:text-xl", buying ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400")}>
          {showNaira(offer.price)}
        </p>
      </div>

      <div className="flex items-baseline justify-between gap-3 text-sm lg:block">
        <span className="text-xs text-muted-foreground lg:hidden">Limits</span>
        <p className="text-right tabular lg:text-left">
          {showNaira(offer.min_order)} – {showNaira(offer.max_order)}
        </p>
      </div>

      <div className="flex items-center justify-between gap-3 text-sm lg:block">
        <span className="text-xs text-muted-foreground lg:hidden">Payment</span>
        <p className="inline-flex min-w-0 items-center gap-1.5">
          <Landmark className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate">{buying ? offer.bank_name : "Bank transfer"}</span>
        </p>
        <p className="hidden text-xs text-muted-foreground lg:block" title={offer.updated_at}>
          Updated {showRelative(offer.updated_at)}
        </p>
      </div>

      <Button
        onClick={onTrade}
        className={cn("w-full lg:w-24", buying ? "bg-emerald-700 text-white hover:bg-emerald-700/90" : "bg-rose-600 text-white hover:bg-rose-600/90")}
      >
        {buying ? "Buy" : "Sell"} {offer.coin}
      </Button>
    </li>
  );
}
