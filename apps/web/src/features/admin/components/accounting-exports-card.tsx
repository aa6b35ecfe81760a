import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "@/i18n/use-translation";
import { COIN_SYMBOLS } from "@p2p/shared";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Label } from "@/ui/label";
import { NativeSelect } from "@/ui/select";
import { ExportCsvButton } from "./export-csv-button";
import { DayRangeFields } from "./day-range-fields";

type Filters = { from: string; to: string; coin: string };

/** Every deposit, withdrawal and trade, or every ledger entry, for the chosen days (UTC) and coin. */
export function AccountingExportsCard() {
  const { t } = useTranslation();
  const id = useId();
  const form = useForm<Filters>({ defaultValues: { from: "", to: "", coin: "" } });
  const [from, to, coin] = useWatch({ control: form.control, name: ["from", "to", "coin"] });
  const filters = { from, to, coin };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t("Accounting exports")}</CardTitle>
        <CardDescription>
          {t(
            "Every deposit, withdrawal and trade, or every ledger entry, for the days you choose (UTC). Each download is recorded in the audit log.",
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <DayRangeFields id={id} fields={{ from: form.register("from"), to: form.register("to") }} from={from} to={to} />
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-coin`}>{t("Coin")}</Label>
            <NativeSelect id={`${id}-coin`} {...form.register("coin")}>
              <option value="">{t("All coins")}</option>
              {COIN_SYMBOLS.map((symbol) => (
                <option key={symbol} value={symbol}>
                  {symbol}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <ExportCsvButton kind="transactions" filters={filters} label={t("Transactions (CSV)")} />
          <ExportCsvButton kind="ledger-entries" filters={filters} label={t("Ledger entries (CSV)")} />
        </div>
      </CardContent>
    </Card>
  );
}
