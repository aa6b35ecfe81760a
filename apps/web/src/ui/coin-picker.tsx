import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { CoinLogo } from "@/ui/coin-logo";

/**
 * A row of coin chips acting as one radio group; scrolls sideways on phones instead of wrapping
 * off-screen. Arrow keys move between coins.
 */
export function CoinPicker({
  coins,
  value,
  onChange,
  label,
  className,
}: {
  coins: readonly { symbol: string; hint?: ReactNode }[];
  value: string;
  onChange: (symbol: string) => void;
  label: string;
  className?: string;
}) {
  const move = (from: HTMLElement, index: number) => {
    const target = (index + coins.length) % coins.length;
    const next = coins[target];
    if (!next) return;
    onChange(next.symbol);
    (from.parentElement?.children[target] as HTMLElement | undefined)?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn("-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0", className)}
    >
      {coins.map((coin, index) => {
        const selected = coin.symbol === value;
        return (
          <button
            key={coin.symbol}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected || (!coins.some((c) => c.symbol === value) && index === 0) ? 0 : -1}
            onClick={() => onChange(coin.symbol)}
            onKeyDown={(e) => {
              if (e.key === "ArrowRight" || e.key === "ArrowDown") {
                e.preventDefault();
                move(e.currentTarget, index + 1);
              } else if (e.key === "ArrowLeft" || e.key === "ArrowUp") {
                e.preventDefault();
                move(e.currentTarget, index - 1);
              }
            }}
            className={cn(
              "inline-flex h-10 shrink-0 items-center gap-2 rounded-full border bg-card ps-1.5 pe-3.5 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
              selected
                ? "border-primary bg-primary/10 text-foreground ring-1 ring-primary"
                : "text-muted-foreground hover:bg-accent hover:text-foreground",
            )}
          >
            <CoinLogo coin={coin.symbol} className="size-7" />
            {coin.symbol}
            {coin.hint && <span className="text-xs font-normal text-muted-foreground">{coin.hint}</span>}
          </button>
        );
      })}
    </div>
  );
}
