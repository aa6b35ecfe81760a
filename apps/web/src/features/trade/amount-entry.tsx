import type { ReactNode } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { ArrowDownUp } from "lucide-react";
import { COIN_SCALE, NAIRA_SCALE, type TradeSide } from "@p2p/shared";
import { AmountInput } from "@/ui/amount-input";
import { Field } from "@/ui/field";
import { showCoinUnits, showNairaUnits } from "@/i18n/format";
import { computeAmounts, unitsToInput, type AmountUnit } from "./amounts";

type Props = {
  id: string;
  coin: string;
  side: TradeSide;
  /** The naira price per coin the amounts are computed at; null while unknown. */
  price: string | null;
  unit: AmountUnit;
  value: string;
  onChange: (value: string, unit: AmountUnit) => void;
  error?: string;
  hint?: string;
  aside?: ReactNode;
};

/**
 * The trade amount, typed in naira or in coins (toggle), with the other amount computed live by
 * the shared bigint helpers exactly as the server will compute it.
 */
export function AmountEntry({ id, coin, side, price, unit, value, onChange, error, hint, aside }: Props) {
  const { t } = useTranslation();
  const amounts = computeAmounts(value, unit, price);
  const other: AmountUnit = unit === "naira" ? "coin" : "naira";

  const switchUnit = () => {
    // Carry the amount over so nothing typed is lost.
    if (amounts && price) onChange(unitsToInput(other === "naira" ? amounts.naira : amounts.coins, other), other);
    else onChange("", other);
  };

  const buying = side === "buy";
  const label = unit === "naira" ? (buying ? t("You pay") : t("You receive")) : buying ? t("You receive") : t("You sell");
  const otherLabel = unit === "naira" ? (buying ? t("You receive") : t("You sell")) : buying ? t("You pay") : t("You receive");
  const otherText = !amounts || !price ? "–" : other === "naira" ? showNairaUnits(amounts.naira) : `${showCoinUnits(amounts.coins)} ${coin}`;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-2">
      <Field id={id} label={label} error={error} hint={hint} aside={aside}>
        {(control) => (
          <AmountInput
            {...control}
            value={value}
            onValueChange={(v) => onChange(v, unit)}
            scale={unit === "naira" ? NAIRA_SCALE : COIN_SCALE}
            prefix={unit === "naira" ? "₦" : undefined}
            suffix={unit === "naira" ? "NGN" : coin}
            placeholder={unit === "naira" ? "0.00" : "0.00000000"}
            className="h-12 text-lg"
          />
        )}
      </Field>
      <div className="flex items-center justify-between gap-3 rounded-lg bg-muted/60 px-3 py-2.5">
        <div className="min-w-0 flex-1">
          <p className="text-xs text-muted-foreground">{otherLabel}</p>
          <p className="break-all text-base font-semibold tabular" aria-live="polite">
            {otherText}
          </p>
        </div>
        <button
          type="button"
          onClick={switchUnit}
          className="inline-flex min-h-11 max-w-[55%] items-center gap-1.5 rounded-md border bg-background px-3 py-1 text-start text-xs font-medium shadow-xs transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:min-h-9"
        >
          <ArrowDownUp className="size-3.5 shrink-0" aria-hidden />
          {other === "naira" ? t("Enter in naira") : t("Enter in {{coin}}", { coin })}
        </button>
      </div>
    </div>
  );
}
