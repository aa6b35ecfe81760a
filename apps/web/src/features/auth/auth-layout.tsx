import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { BadgeCheck, Headset, LockKeyhole } from "lucide-react";
import { MESSAGES, msg } from "@p2p/shared";
import { CoinLogo } from "@/ui/coin-logo";
import { Logo, LogoMark } from "@/features/shell/logo";
import { ThemeToggle } from "@/features/theme/theme-toggle";
import { LanguageSwitch } from "@/i18n/language-picker";

const PROMISES = [
  {
    icon: LockKeyhole,
    title: msg("Escrow on every trade"),
    body: msg("The seller's coins are locked until the naira payment is confirmed."),
  },
  {
    icon: BadgeCheck,
    title: msg("Verified merchants"),
    body: msg("KYC-checked merchants with a public reputation score."),
  },
  {
    icon: Headset,
    title: msg("Help around the clock"),
    body: msg("24/7 support and an appeal process if a trade goes wrong."),
  },
];

const COINS = ["SIDRA", "PI", "RUBI", "CORE", "USDT"];

const FOOTER_LINKS = [
  { to: "/terms", label: msg("Terms") },
  { to: "/privacy", label: msg("Privacy") },
  { to: "/help", label: msg("Help") },
];

/** The brand side of the auth screens, on wide screens only. */
function BrandPanel() {
  const { t } = useTranslation();
  return (
    <aside className="relative hidden overflow-hidden bg-emerald-800 text-white lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col lg:justify-between lg:p-12 xl:p-16 dark:bg-emerald-950">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(80%_60%_at_0%_0%,rgb(52_211_153/0.35),transparent_60%),radial-gradient(60%_50%_at_100%_100%,rgb(4_120_87/0.6),transparent_70%)]"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 opacity-[0.07] [background-image:linear-gradient(to_right,white_1px,transparent_1px),linear-gradient(to_bottom,white_1px,transparent_1px)] [background-size:44px_44px]"
      />

      <Link
        to="/"
        aria-label={t("NaijaP2P home")}
        className="relative inline-flex w-fit items-center gap-2.5 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/70"
      >
        <LogoMark className="size-9" />
        <span className="text-xl font-bold tracking-tight">NaijaP2P</span>
      </Link>

      <div className="relative max-w-lg">
        <p className="text-sm font-semibold uppercase tracking-wider text-emerald-200">{t(MESSAGES.tagline)}</p>
        <h2 className="mt-4 text-4xl font-bold leading-tight tracking-tight text-balance xl:text-[2.75rem]">
          {t("Buy and sell crypto for naira, with people you can trust.")}
        </h2>
        <ul className="mt-10 space-y-6">
          {PROMISES.map(({ icon: Icon, title, body }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/10 ring-1 ring-white/15">
                <Icon className="size-5" aria-hidden />
              </span>
              <span>
                <span className="block font-semibold">{t(title)}</span>
                <span className="block text-sm text-emerald-100/80">{t(body)}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>

      <div className="relative flex items-center gap-4">
        <div className="flex -space-x-2">
          {COINS.map((coin) => (
            <CoinLogo key={coin} coin={coin} className="size-8 rounded-full ring-2 ring-emerald-800 dark:ring-emerald-950" />
          ))}
        </div>
        <p className="text-sm text-emerald-100/80">{t("SIDRA, PI, RUBI, CORE and USDT, traded in naira.")}</p>
      </div>
    </aside>
  );
}

/** Frame of /auth, /complete-profile and /reset-password: phone-first, brand panel on desktop. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-background lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,40rem)]">
      <BrandPanel />
      <div className="flex min-h-dvh flex-col">
        <header className="flex h-16 shrink-0 items-center justify-between px-4 sm:px-6">
          <Link
            to="/"
            aria-label={t("NaijaP2P home")}
            className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring lg:invisible"
          >
            <Logo />
          </Link>
          <div className="flex items-center gap-1">
            <LanguageSwitch />
            <ThemeToggle />
          </div>
        </header>
        <main id="main" className="flex flex-1 flex-col items-center px-4 pb-8 pt-2 sm:justify-center sm:px-6 sm:py-8">
          <div className="w-full max-w-[26rem]">{children}</div>
        </main>
        <footer className="flex shrink-0 flex-wrap items-center justify-center gap-x-2 gap-y-1 px-4 pb-6 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <LockKeyhole className="size-3.5" aria-hidden />
            {t("Secured connection")}
          </span>
          {FOOTER_LINKS.map(({ to, label }) => (
            <Fragment key={to}>
              <span aria-hidden>·</span>
              <Link to={to} className="underline-offset-4 hover:text-foreground hover:underline">
                {t(label)}
              </Link>
            </Fragment>
          ))}
        </footer>
      </div>
    </div>
  );
}

/** Page heading block shared by the auth screens. */
export function AuthHeading({ title, description, icon }: { title: string; description: ReactNode; icon?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-2">
      {icon && <span className="mb-2 flex size-12 items-center justify-center rounded-2xl bg-primary/10 text-primary [&_svg]:size-6">{icon}</span>}
      <h1 className="text-2xl font-bold tracking-tight sm:text-[1.75rem]">{title}</h1>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  );
}
