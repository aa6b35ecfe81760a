import { useEffect } from "react";
import { Navigate, useLocation, useSearchParams } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { msg } from "@p2p/shared";
import { useSession } from "@/features/auth/queries";
import { PublicHeader } from "@/features/shell/public-header";
import { SiteFooter } from "@/features/shell/site-footer";
import { Hero } from "./hero";
import { CallToAction, Claims, Features, HowItWorks, Stats, SupportedCoins } from "./sections";

const ANCHORS = [
  { label: msg("Features"), href: "#features" },
  { label: msg("How it works"), href: "#how-it-works" },
  { label: msg("Coins"), href: "#coins" },
];

export default function LandingPage() {
  const { t } = useTranslation();
  const { data: user } = useSession();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const justSignedOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;

  // Email confirmation links land here as /?confirmed=1 (docs/API.md).
  useEffect(() => {
    if (params.get("confirmed") !== "1") return;
    // Loaded here, not with the page: the landing page toasts only after an email confirmation.
    void import("@/ui/toast").then(({ toast }) =>
      toast.success(t("Email confirmed"), { description: t("Your account is ready. Sign in to start trading.") }),
    );
    setParams({}, { replace: true });
  }, [params, setParams, t]);

  if (user && !justSignedOut) return <Navigate to="/dashboard" replace />;

  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader>
        <nav aria-label={t("Sections")} className="me-4 hidden items-center gap-1 md:flex">
          {ANCHORS.map((anchor) => (
            <a
              key={anchor.href}
              href={anchor.href}
              className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
            >
              {t(anchor.label)}
            </a>
          ))}
        </nav>
      </PublicHeader>
      <main id="main" className="flex-1">
        <Hero />
        <Stats />
        <Features />
        <HowItWorks />
        <SupportedCoins />
        <Claims />
        <CallToAction />
      </main>
      <SiteFooter />
    </div>
  );
}
