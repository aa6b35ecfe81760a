import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { msg } from "@p2p/shared";
import {
  ArrowRight,
  BadgeCheck,
  BadgePercent,
  Banknote,
  Headset,
  Languages,
  MessagesSquare,
  Scale,
  ShieldCheck,
  Umbrella,
  type LucideIcon,
} from "lucide-react";
import { Button } from "@/ui/button";
import { CoinLogo } from "@/ui/coin-logo";
import { SOCIAL_LINKS } from "@/features/shell/social-links";

function SectionHeading({ eyebrow, title, children }: { eyebrow: string; title: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-3 text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-primary">{t(eyebrow)}</p>
      <h2 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t(title)}</h2>
      {children && <p className="text-muted-foreground">{children}</p>}
    </div>
  );
}

const STATS = [
  { value: "500K+", label: msg("Traders") },
  { value: "$2.5B+", label: msg("Volume traded") },
  { value: "150+", label: msg("Countries") },
  { value: "99.9%", label: msg("Uptime") },
];

export function Stats() {
  const { t } = useTranslation();
  return (
    <section aria-label={t("NaijaP2P in numbers")} className="border-y bg-muted/40">
      <dl className="mx-auto grid w-full max-w-6xl grid-cols-2 gap-px px-4 sm:px-6 md:grid-cols-4 lg:px-8">
        {STATS.map((stat) => (
          <div key={stat.label} className="flex flex-col items-center gap-1 px-2 py-8 text-center">
            <dt className="order-2 text-sm text-muted-foreground">{t(stat.label)}</dt>
            <dd className="order-1 text-3xl font-extrabold tracking-tight tabular sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const FEATURES: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: ShieldCheck,
    title: msg("Escrow Protection"),
    body: msg("The seller's coins are locked in escrow as soon as the order is matched, and released only when the naira payment is confirmed."),
  },
  {
    icon: BadgeCheck,
    title: msg("KYC-Verified Merchants"),
    body: msg("Every merchant passes identity and bank-account checks and signs our Merchant Agreement before they can take a single order."),
  },
  {
    icon: Headset,
    title: msg("24/7 Support"),
    body: msg("Real people on live chat day and night, in 12 languages, whenever a trade needs a hand."),
  },
  {
    icon: Banknote,
    title: msg("Instant Naira Settlement"),
    body: msg("Pay or get paid by bank transfer to any Nigerian account. Most trades finish in 15 to 30 minutes."),
  },
  {
    icon: MessagesSquare,
    title: msg("Order Chat"),
    body: msg("Talk to your merchant inside every order, share payment proof, and keep a clear record of what was agreed."),
  },
  {
    icon: Scale,
    title: msg("Appeals & Dispute Resolution"),
    body: msg("If something goes wrong, open an appeal. Our team reviews the chat and evidence and settles it fairly, with a written reason."),
  },
];

export function Features() {
  const { t } = useTranslation();
  return (
    <section id="features" className="below-fold scroll-mt-20 py-20">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading eyebrow={msg("Why NaijaP2P")} title={msg("Built for trades you can trust")}>
          {t("Everything a peer-to-peer trade needs to be safe, from the first message to the final release.")}
        </SectionHeading>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <li key={title} className="flex gap-4 rounded-2xl border bg-card p-5 transition-colors hover:border-primary/40 sm:block sm:p-6">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/12 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold sm:mt-4">{t(title)}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground sm:mt-2">{t(body)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const HOW_IT_WORKS = [
  { title: msg("Create your account"), body: msg("Sign up with your email, username and phone number. It takes about a minute.") },
  { title: msg("Pick a merchant"), body: msg("Compare verified merchants' naira prices, limits and ratings for the coin you want.") },
  { title: msg("Pay or send, protected"), body: msg("Coins go into escrow. Transfer the naira to the merchant's bank account and mark it paid.") },
  { title: msg("Get released"), body: msg("Once the payment is confirmed, escrow releases the coins. Rate your trade partner.") },
];

export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section id="how-it-works" className="below-fold scroll-mt-20 border-y bg-muted/40 py-20">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading eyebrow={msg("How it works")} title={msg("Four steps from naira to coins")} />
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {HOW_IT_WORKS.map((step, index) => (
            <li key={step.title} className="flex gap-4 lg:flex-col">
              <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{t(step.title)}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{t(step.body)}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const LANDING_COINS = ["SIDRA", "PI", "RUBI", "CORE"];

export function SupportedCoins() {
  const { t } = useTranslation();
  return (
    <section id="coins" className="below-fold scroll-mt-20 py-20">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading eyebrow={msg("Supported coins")} title={msg("Trade the coins Nigerians actually hold")}>
          {t("Live with verified merchants today, with more listings on the way.")}
        </SectionHeading>
        <ul className="mt-12 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {LANDING_COINS.map((coin) => (
            <li key={coin} className="flex flex-col items-center gap-3 rounded-2xl border bg-card p-6 text-center">
              <CoinLogo coin={coin} className="size-14" />
              <div>
                <p className="text-lg font-bold tracking-tight">{coin}</p>
                <p className="text-xs text-muted-foreground">{t("Buy & sell in naira")}</p>
              </div>
              <span className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-primary/12 px-2.5 py-1 text-xs font-semibold text-primary">
                <span className="size-1.5 rounded-full bg-primary" aria-hidden />
                {t("Available Now")}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const CLAIMS: { icon: LucideIcon; title: string; body: string }[] = [
  { icon: BadgePercent, title: msg("Zero fees for the first month"), body: msg("New accounts trade without platform fees for their first 30 days.") },
  { icon: Languages, title: msg("Support in 12 languages"), body: msg("Including English, Pidgin, Yoruba, Igbo and Hausa.") },
  { icon: Umbrella, title: msg("Insurance up to $1M per transaction"), body: msg("Eligible escrow-protected trades are covered up to $1M each.") },
];

export function Claims() {
  const { t } = useTranslation();
  return (
    <section aria-label={t("Our promises")} className="below-fold pb-20">
      <ul className="mx-auto grid w-full max-w-6xl gap-4 px-4 sm:px-6 md:grid-cols-3 lg:px-8">
        {CLAIMS.map(({ icon: Icon, title, body }) => (
          <li key={title} className="flex gap-4 rounded-2xl border bg-gradient-to-br from-primary/10 to-transparent p-6">
            <Icon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden />
            <div>
              <h3 className="font-semibold">{t(title)}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{t(body)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CallToAction() {
  const { t } = useTranslation();
  return (
    <section className="below-fold mx-auto w-full max-w-6xl px-4 pb-20 sm:px-6 lg:px-8">
      <div className="relative w-full overflow-hidden rounded-3xl bg-gradient-to-br from-emerald-600 to-emerald-800 px-6 py-14 text-center text-white sm:px-12">
        <div aria-hidden className="absolute -end-24 -top-24 size-72 rounded-full bg-white/10" />
        <div aria-hidden className="absolute -bottom-32 -start-20 size-72 rounded-full bg-white/5" />
        <div className="relative flex flex-col items-center gap-5">
          <h2 className="max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {t("Your next trade, protected from start to finish")}
          </h2>
          <p className="max-w-xl text-white/85">
            {t("Join traders across Nigeria who buy and sell with verified merchants and never send coins without escrow.")}
          </p>
          <Button asChild size="lg" className="bg-white text-emerald-800 hover:bg-white/90">
            <Link to="/auth">
              {t("Get Started")}
              <ArrowRight className="rtl:rotate-180" />
            </Link>
          </Button>
          <div className="mt-2 flex flex-col items-center gap-3">
            <p className="text-sm text-white/80">{t("Follow us for listings, tips and announcements")}</p>
            <ul className="flex flex-wrap justify-center gap-2">
              {SOCIAL_LINKS.map(({ name, href, label, icon: Icon }) => (
                <li key={name}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t(label)}
                    className="inline-flex h-10 items-center gap-2 rounded-full bg-white/12 px-4 text-sm font-medium text-white ring-1 ring-white/20 transition-colors hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
                  >
                    <Icon className="size-4" />
                    {name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
