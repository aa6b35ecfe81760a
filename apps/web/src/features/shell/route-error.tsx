import { RefreshCw } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { Link } from "react-router";
import { useOnline } from "@/lib/online";
import { Button } from "@/ui/button";
import { Logo } from "./logo";

/** A screen's code failed to load: offline, or replaced by a newer deploy. */
const isChunkLoadError = (error: unknown) =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);

/** What a person sees when a screen cannot be shown, in place of the router's developer page. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [title, body] = !online
    ? [t("You're offline"), t("This screen hasn't been saved on this device yet. Connect to the internet and try again.")]
    : isChunkLoadError(error)
      ? [t("NaijaP2P was updated"), t("Reload to get the latest version. Your coins and orders are safe.")]
      : [t("Something went wrong"), t("This screen could not be shown. Reload to try again; your coins and orders are safe.")];
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <Logo />
      <div className="flex max-w-sm flex-col items-center gap-2">
        <h1 className="text-xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{body}</p>
      </div>
      <div className="flex w-full max-w-xs flex-col gap-3">
        <Button size="lg" className="h-11" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden />
          {t("Reload")}
        </Button>
        <Button asChild size="lg" variant="outline" className="h-11">
          <Link to="/" reloadDocument>
            {t("Back to home")}
          </Link>
        </Button>
      </div>
    </main>
  );
}
