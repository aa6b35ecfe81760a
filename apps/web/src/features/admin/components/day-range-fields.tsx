import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "@/i18n/use-translation";
import { Input } from "@/ui/input";
import { Label } from "@/ui/label";

/**
 * The From and To days (UTC) of an admin filter, each bounding the other as the server's day range
 * does. `fields`: the form's registrations of both; `from`, `to`: their current values.
 */
export function DayRangeFields({
  id,
  fields,
  from,
  to,
}: {
  id: string;
  fields: { from: UseFormRegisterReturn; to: UseFormRegisterReturn };
  from: string;
  to: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-from`}>{t("From")}</Label>
        <Input id={`${id}-from`} type="date" {...fields.from} max={to || undefined} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>{t("To")}</Label>
        <Input id={`${id}-to`} type="date" {...fields.to} min={from || undefined} />
      </div>
    </>
  );
}
