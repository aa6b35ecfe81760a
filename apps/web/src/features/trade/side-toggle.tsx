import { useTranslation } from "@/i18n/use-translation";
import type { TradeSide } from "@p2p/shared";
import { cn } from "@/lib/cn";

/** Buy or Sell, as two large segments: green for buying, red for selling (P2P convention). */
export function SideToggle({ value, onChange }: { value: TradeSide; onChange: (side: TradeSide) => void }) {
  const { t } = useTranslation();
  return (
    <div role="radiogroup" aria-label={t("Buy or sell")} className="grid h-11 grid-cols-2 rounded-lg bg-muted p-1 sm:w-64">
      {(["buy", "sell"] as const).map((side) => {
        const selected = value === side;
        return (
          <button
            key={side}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(side)}
            onKeyDown={(e) => {
              if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(e.key)) {
                e.preventDefault();
                const next = side === "buy" ? "sell" : "buy";
                onChange(next);
                (e.currentTarget.parentElement?.querySelector(`[data-side=${next}]`) as HTMLElement | null)?.focus();
              }
            }}
            data-side={side}
            className={cn(
              "rounded-md text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
              !selected && "text-muted-foreground hover:text-foreground",
              selected && side === "buy" && "bg-emerald-700 text-white shadow-sm",
              selected && side === "sell" && "bg-rose-600 text-white shadow-sm",
            )}
          >
            {side === "buy" ? t("Buy") : t("Sell")}
          </button>
        );
      })}
    </div>
  );
}
