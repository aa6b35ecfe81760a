import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * Keeps what a person types a plain decimal: digits and one point, at most `scale` places.
 * Commas and spaces (pasted "1,500") are dropped, so the text always parses as money.
 */
export function cleanAmount(text: string, scale: number): string {
  const kept = text.replace(/[^\d.]/g, "");
  const point = kept.indexOf(".");
  if (point === -1) return kept;
  const whole = kept.slice(0, point);
  const fraction = kept
    .slice(point + 1)
    .replace(/\./g, "")
    .slice(0, scale);
  return scale === 0 ? whole : `${whole === "" ? "0" : whole}.${fraction}`;
}

export type AmountInputProps = Omit<ComponentProps<"input">, "onChange" | "value" | "type" | "prefix"> & {
  value: string;
  onValueChange: (value: string) => void;
  /** Decimal places allowed: 2 for naira, 8 for coins. */
  scale: number;
  prefix?: ReactNode;
  suffix?: ReactNode;
};

/** A money field: decimal keypad on phones, a ₦ prefix or coin suffix, never a float. */
export function AmountInput({ value, onValueChange, scale, prefix, suffix, className, ...props }: AmountInputProps) {
  return (
    <div
      className={cn(
        "flex h-11 w-full min-w-0 items-center rounded-lg border border-input bg-background shadow-xs transition-colors focus-within:ring-2 focus-within:ring-ring has-[input[aria-invalid=true]]:border-destructive has-[input:disabled]:opacity-50",
        className,
      )}
    >
      {prefix && <span className="ps-3 text-sm font-medium text-muted-foreground">{prefix}</span>}
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => onValueChange(cleanAmount(e.target.value, scale))}
        className="h-full w-full min-w-0 bg-transparent px-3 text-base tabular outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed md:text-sm"
        {...props}
      />
      {suffix && <span className="shrink-0 pe-3 text-sm font-medium text-muted-foreground">{suffix}</span>}
    </div>
  );
}
