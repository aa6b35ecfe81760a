import { WifiOff } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { useOnline } from "@/lib/online";

/** Says plainly that the device is offline, and what still works, for as long as it is. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="border-b border-amber-500/30 bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="mx-auto flex w-full max-w-7xl items-start gap-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="font-semibold">{t("You're offline.")}</strong>{" "}
          {t("You're seeing what was loaded last. Messages you send wait and go out when you're back online.")}
        </span>
      </p>
    </div>
  );
}
