import { useTranslation } from "@/i18n/use-translation";
import { Field } from "@/ui/field";
import { Input } from "@/ui/input";

export type Payout = { bank_name: string; account_number: string; account_name: string };
export const EMPTY_PAYOUT: Payout = { bank_name: "", account_number: "", account_name: "" };

/** The seller's bank account the merchant pays naira into (required when selling). */
export function PayoutFields({
  idPrefix,
  value,
  onChange,
  errors,
}: {
  idPrefix: string;
  value: Payout;
  onChange: (value: Payout) => void;
  errors: Partial<Record<keyof Payout, string>>;
}) {
  const { t } = useTranslation();
  const set = (key: keyof Payout, text: string) => onChange({ ...value, [key]: text });
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-3 rounded-lg border p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold">{t("Your bank account for the naira")}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${idPrefix}-bank`} label={t("Bank name")} error={errors.bank_name}>
          {(control) => (
            <Input
              {...control}
              value={value.bank_name}
              onChange={(e) => set("bank_name", e.target.value)}
              autoComplete="off"
              placeholder={t("e.g. GTBank")}
            />
          )}
        </Field>
        <Field id={`${idPrefix}-account-number`} label={t("Account number")} error={errors.account_number}>
          {(control) => (
            <Input
              {...control}
              value={value.account_number}
              onChange={(e) => set("account_number", e.target.value.replace(/\D/g, "").slice(0, 10))}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t("10-digit NUBAN")}
              className="tabular"
            />
          )}
        </Field>
      </div>
      <Field
        id={`${idPrefix}-account-name`}
        label={t("Account name")}
        error={errors.account_name}
        hint={t("Must match the name on the account, so the merchant's transfer goes through.")}
      >
        {(control) => (
          <Input
            {...control}
            value={value.account_name}
            onChange={(e) => set("account_name", e.target.value)}
            autoComplete="name"
            placeholder={t("As shown by your bank")}
          />
        )}
      </Field>
    </fieldset>
  );
}
