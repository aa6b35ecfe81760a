import { RefreshCw, WifiOff } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { Button } from "@/ui/button";
import { Logo } from "./logo";

/** The app opened with no connection and nothing to show yet: say so, and offer to try again. */
export function OfflineScreen({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <Logo />
      <div className="flex max-w-sm flex-col items-center gap-3">
        <span className="flex size-14 items-center justify-center rounded-full bg-muted">
          <WifiOff aria-hidden className="size-6 text-muted-foreground" />
        </span>
        <h1 className="text-xl font-bold tracking-tight">{t("You're offline")}</h1>
        <p className="text-muted-foreground">
          {t("NaijaP2P needs a connection to load your account. Your coins and orders are safe; nothing changes while you're away.")}
        </p>
      </div>
      <Button size="lg" className="h-11 w-full max-w-xs" onClick={onRetry} disabled={retrying}>
        <RefreshCw aria-hidden className={retrying ? "animate-spin" : undefined} />
        {t("Try again")}
      </Button>
    </main>
  );
}
