import { Link, useLocation } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { ArrowLeft, LifeBuoy } from "lucide-react";
import { Button } from "@/ui/button";
import { useSession } from "@/features/auth/queries";
import { Logo } from "./logo";

export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: user } = useSession();

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label={t("NaijaP2P home")} className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Logo />
        </Link>
      </header>
      <main id="main" className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="flex max-w-md flex-col items-center text-center">
          <p className="bg-gradient-to-b from-primary to-primary/30 bg-clip-text text-8xl font-extrabold tracking-tighter text-transparent sm:text-9xl">
            404
          </p>
          <h1 className="mt-4 text-2xl font-bold tracking-tight">{t("This page doesn't exist")}</h1>
          <p className="mt-2 text-muted-foreground">
            <Trans
              i18nKey="We couldn't find <code>{{pathname}}</code>. The link may be old or mistyped. Your account and funds are not affected."
              values={{ pathname }}
              components={{ code: <code className="break-all rounded bg-muted px-1.5 py-0.5 text-sm" /> }}
            />
          </p>
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <Link to={user ? "/dashboard" : "/"}>
                <ArrowLeft className="rtl:rotate-180" />
                {user ? t("Back to Dashboard") : t("Back to home")}
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/help">
                <LifeBuoy />
                {t("Help Center")}
              </Link>
            </Button>
          </div>
        </div>
      </main>
    </div>
  );
}
