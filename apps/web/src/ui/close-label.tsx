import { useTranslation } from "@/i18n/use-translation";

/** The screen-reader name of a dialog's or sheet's close button. */
export function CloseLabel() {
  const { t } = useTranslation();
  return <span className="sr-only">{t("Close")}</span>;
}
