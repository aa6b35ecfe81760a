import { lazy, useEffect, useState } from "react";
import { Link, Navigate, Outlet, useLocation } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { useSession } from "@/features/auth/queries";
import { BottomBar } from "./bottom-bar";
import { useNavBadges } from "./nav-badges";
import { PageFallback } from "./page-fallback";
import { TopNav } from "./top-nav";
import { useSignOutMutation } from "@/features/auth/mutations";
import { RealtimeProvider, ReconnectingIndicator } from "@/features/realtime/realtime-provider";
import { cn } from "@/lib/cn";
import { MountOnceOpened } from "@/ui/mount-once-opened";
import { OfflineBanner } from "./offline-banner";

/** The phone's menu (a sheet: Radix's dialog) loads when first opened, not with every screen. */
const MobileMenu = lazy(() => import("./mobile-menu").then((m) => ({ default: m.MobileMenu })));

/** The frame of every signed-in screen: top nav, mobile menu, content, phone tab bar. */
export default function AppLayout() {
  const { t } = useTranslation();
  const { data: user, isPending } = useSession();
  const counts = useNavBadges();
  const signOut = useSignOutMutation();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  if (isPending) return <PageFallback />;
  if (!user) return <Navigate to="/auth" replace />;
  if (user.needs_profile) return <Navigate to="/complete-profile" replace />;

  const handleSignOut = () => {
    setMenuOpen(false);
    signOut.mutate();
  };

  // The order chat pins its composer to the bottom of the phone screen: no tab bar there.
  const chatScreen = /^\/(chat\/[^/]+|merchant-group-chat|live-chat)$/.test(pathname);

  return (
    <RealtimeProvider userId={user.id} role={user.role}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
        >
          {t("Skip to content")}
        </a>
        <TopNav user={user} counts={counts} onOpenMenu={() => setMenuOpen(true)} onSignOut={handleSignOut} signingOut={signOut.isPending} />
        <MountOnceOpened opened={menuOpen}>
          <MobileMenu
            user={user}
            counts={counts}
            open={menuOpen}
            onOpenChange={setMenuOpen}
            onSignOut={handleSignOut}
            signingOut={signOut.isPending}
          />
        </MountOnceOpened>
        <OfflineBanner />
        <ReconnectingIndicator />
        <main id="main" className={cn("mx-auto w-full max-w-7xl flex-1 px-4 pt-6 sm:px-6 md:pb-12 lg:px-8", chatScreen ? "pb-4" : "pb-28")}>
          <Outlet />
        </main>
        <footer className="hidden border-t md:block">
          <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center justify-between gap-3 px-6 py-5 text-xs text-muted-foreground lg:px-8">
            <span>
              © {new Date().getFullYear()} {t("NaijaP2P. Escrow-protected peer-to-peer trading.")}
            </span>
            <nav aria-label={t("Footer")} className="flex flex-wrap gap-4">
              <Link to="/help" className="hover:text-foreground">
                {t("Help Center")}
              </Link>
              <Link to="/status" className="hover:text-foreground">
                {t("Status")}
              </Link>
              <Link to="/terms" className="hover:text-foreground">
                {t("Terms & Agreements")}
              </Link>
              <Link to="/privacy" className="hover:text-foreground">
                {t("Privacy")}
              </Link>
            </nav>
          </div>
        </footer>
        {!chatScreen && <BottomBar role={user.role} counts={counts} />}
      </div>
    </RealtimeProvider>
  );
}
