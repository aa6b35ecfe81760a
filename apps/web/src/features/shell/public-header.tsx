import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Button } from "@/ui/button";
import { ThemeCycleButton } from "@/features/theme/theme-cycle-button";
import { useSession } from "@/features/auth/queries";
import { LanguageSwitch } from "@/i18n/language-picker";
import { Logo } from "./logo";

/** Header of public pages: home link, theme, and the way in (or back to the dashboard). */
export function PublicHeader({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { data: user } = useSession();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="me-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={t("NaijaP2P home")}
        >
          {/* Small phones keep the mark only, so the language switch and both ways in fit beside it. */}
          <Logo nameClassName="max-[419px]:sr-only" />
        </Link>
        {children}
        <LanguageSwitch />
        <ThemeCycleButton className="hidden sm:inline-flex" />
        {user ? (
          <Button asChild size="sm" className="h-9">
            <Link to="/dashboard">{t("Dashboard")}</Link>
          </Button>
        ) : (
          <>
            <Button asChild variant="ghost" size="sm" className="h-9 px-2.5 sm:px-3">
              <Link to="/auth">{t("Sign In")}</Link>
            </Button>
            <Button asChild size="sm" className="h-9 px-3">
              <Link to="/auth">{t("Get Started")}</Link>
            </Button>
          </>
        )}
      </div>
    </header>
  );
}
