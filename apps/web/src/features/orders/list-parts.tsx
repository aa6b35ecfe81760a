import type { ReactNode } from "react";
import { ArrowDownLeft, ArrowUpRight, FilterX, RotateCw } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { CoinLogo } from "@/ui/coin-logo";
import { EmptyState } from "@/ui/empty-state";
import { NativeSelect } from "@/ui/select";

/** One filter above a list: a select with a hidden label whose empty value means "all". Labels come translated. */
export function FilterSelect({
  label,
  value,
  onChange,
  allLabel,
  className = "sm:w-40",
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  allLabel: string;
  className?: string;
  /** The options after the "all" one. */
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <span className="sr-only">{label}</span>
      <NativeSelect value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {children}
      </NativeSelect>
    </label>
  );
}

/** The column titles (translated) over a list's rows on wide screens; `grid` sets the columns. */
export function ListColumns({ grid, columns }: { grid: string; columns: string[] }) {
  return (
    <div aria-hidden className={cn("hidden gap-x-4 border-b bg-muted/40 px-5 py-2.5 text-xs font-medium text-muted-foreground md:grid", grid)}>
      <span />
      {columns.map((column) => (
        <span key={column}>{column}</span>
      ))}
      <span />
    </div>
  );
}

/** The list's load failure (title and message translated), with a retry. */
export function ListLoadError({
  icon,
  title,
  message,
  retrying,
  onRetry,
}: {
  icon: ReactNode;
  title: string;
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState
      role="alert"
      icon={icon}
      title={title}
      description={message}
      action={
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          <RotateCw className={cn(retrying && "animate-spin")} />
          {t("Try again")}
        </Button>
      }
    />
  );
}

/** Nothing matches the filters: say so and offer to clear them. */
export function NoFilterMatch({ title, description, onClear }: { title: string; description: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<FilterX />}
      title={title}
      description={description}
      action={
        <Button variant="outline" size="sm" onClick={onClear}>
          {t("Clear filters")}
        </Button>
      }
    />
  );
}

/** The rows; dimmed while the previous page stands in for the next. */
export function ListRows({ stale, children }: { stale: boolean; children: ReactNode }) {
  return (
    <ul className={cn("divide-y transition-opacity", stale && "opacity-60")} aria-busy={stale}>
      {children}
    </ul>
  );
}

/** A row's coin logo with a green in-arrow for a buy or a red out-arrow for a sell. */
export function SideCoinLogo({ coin, isBuy }: { coin: string; isBuy: boolean }) {
  const Arrow = isBuy ? ArrowDownLeft : ArrowUpRight;
  return (
    <span className="relative row-span-2 md:row-span-1">
      <CoinLogo coin={coin} className="size-10" />
      <span
        className={cn(
          "absolute -bottom-0.5 -end-0.5 inline-flex size-4.5 items-center justify-center rounded-full text-white ring-2 ring-card",
          isBuy ? "bg-emerald-500" : "bg-rose-500",
        )}
      >
        <Arrow className="size-3" aria-hidden />
      </span>
    </span>
  );
}
