import { Loader2 } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";

/** Shown while a route's code or data loads: a calm spinner, never a blank page. */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50dvh] items-center justify-center text-muted-foreground">
      <Loader2 className="size-6 animate-spin" aria-hidden />
      <span className="sr-only">{t("Loading…")}</span>
    </div>
  );
}
