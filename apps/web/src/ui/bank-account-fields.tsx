import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "@/i18n/use-translation";
import { Field } from "@/ui/field";
import { Input } from "@/ui/input";

type BankAccountFieldsProps = {
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix: string;
  register: Record<"bank_name" | "account_number" | "account_name", UseFormRegisterReturn>;
  /** Each field's message, already translated. */
  errors: Partial<Record<"bank_name" | "account_number" | "account_name", string | undefined>>;
};

/** Bank name, a 10-digit NUBAN (digits only as typed) and the account's name: where naira is paid. */
export function BankAccountFields({ idPrefix, register, errors }: BankAccountFieldsProps) {
  const { t } = useTranslation();
  const accountNumber = register.account_number;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${idPrefix}-bank-name`} label={t("Bank name")} error={errors.bank_name}>
          {(control) => <Input {...control} {...register.bank_name} autoComplete="off" placeholder={t("e.g. GTBank")} />}
        </Field>
        <Field id={`${idPrefix}-account-number`} label={t("Account number")} error={errors.account_number}>
          {(control) => (
            <Input
              {...control}
              {...accountNumber}
              onChange={(e) => {
                e.target.value = e.target.value.replace(/\D/g, "").slice(0, 10);
                void accountNumber.onChange(e);
              }}
              inputMode="numeric"
              maxLength={10}
              autoComplete="off"
              placeholder={t("10-digit NUBAN")}
              className="tabular"
            />
          )}
        </Field>
      </div>
      <Field id={`${idPrefix}-account-name`} label={t("Account name")} error={errors.account_name}>
        {(control) => <Input {...control} {...register.account_name} autoComplete="off" placeholder={t("As shown by your bank")} />}
      </Field>
    </>
  );
}
