import { Link } from "react-router";
import { ArrowRight, BadgeCheck, Lock, ShieldCheck } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { MESSAGES, msg } from "@p2p/shared";
import { showCoin, showNaira } from "@/i18n/format";
import { Button } from "@/ui/button";
import { CoinLogo } from "@/ui/coin-logo";

export function Hero() {
  const { t } = useTranslation();
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(70%_60%_at_50%_0%,color-mix(in_oklab,var(--primary)_16%,transparent),transparent)]"
      />
      <div className="mx-auto grid w-full max-w-6xl items-center gap-12 px-4 pb-16 pt-12 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:px-8 lg:pb-24">
        <div className="flex flex-col items-start gap-6">
          <span className="inline-flex items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-xs font-medium text-muted-foreground">
            <ShieldCheck className="size-3.5 text-primary" aria-hidden />
            {t("Escrow on every trade · KYC-verified merchants")}
          </span>
          <h1 className="text-4xl font-extrabold leading-[1.08] tracking-tight text-balance sm:text-5xl lg:text-6xl">{t(MESSAGES.heroTitle)}</h1>
          <p className="max-w-xl text-base text-muted-foreground sm:text-lg">
            {t(
              "Buy and sell SIDRA, PI, RUBI, CORE and USDT for naira with verified merchants. Your coins sit in escrow until the payment is confirmed, so nobody walks away with your money.",
            )}
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <Link to="/auth">
                {t("Get Started")}
                <ArrowRight className="rtl:rotate-180" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#how-it-works">{t("See how it works")}</a>
            </Button>
          </div>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
            {[msg("Zero fees for the first month"), msg("Naira bank transfers"), msg("24/7 support")].map((point) => (
              <li key={point} className="inline-flex items-center gap-1.5">
                <BadgeCheck className="size-4 text-primary" aria-hidden />
                {t(point)}
              </li>
            ))}
          </ul>
        </div>
        <TradePreview />
      </div>
    </section>
  );
}

const STEPS = [msg("Order"), msg("Matched"), msg("Paid"), msg("Confirmed"), msg("Released")];

/** An illustrative order card: what a protected trade looks like inside the app. */
function TradePreview() {
  const { t } = useTranslation();
  return (
    <figure className="relative mx-auto w-full max-w-md">
      <div aria-hidden className="absolute -inset-4 -z-10 rounded-[2rem] bg-primary/10 blur-2xl" />
      <div className="rounded-2xl border bg-card p-5 shadow-xl shadow-primary/5 sm:p-6">
        <div className="flex items-center gap-3">
          <CoinLogo coin="SIDRA" className="size-10" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{t("Buy SIDRA")}</p>
            <p className="flex items-center gap-1 truncate text-xs text-muted-foreground">
              {t("from {{merchant}}", { merchant: "adaeze_trades" })}
              <BadgeCheck className="size-3.5 shrink-0 text-primary" aria-label={t("Verified merchant")} />
            </p>
          </div>
          <span className="inline-flex items-center gap-1 rounded-full bg-primary/12 px-2.5 py-1 text-xs font-semibold text-primary">
            <Lock className="size-3" aria-hidden />
            {t("In escrow")}
          </span>
        </div>

        <dl className="mt-5 grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-xl bg-muted/60 p-3">
            <dt className="text-xs text-muted-foreground">{t("Amount")}</dt>
            <dd className="mt-1 font-semibold tabular">{showCoin("120")} SIDRA</dd>
          </div>
          <div className="rounded-xl bg-muted/60 p-3">
            <dt className="text-xs text-muted-foreground">{t("You pay")}</dt>
            <dd className="mt-1 font-semibold tabular">{showNaira("150000")}</dd>
          </div>
        </dl>

        <div className="mt-5">
          <div className="flex items-center justify-between text-xs">
            <span className="font-medium">{t("Step {{step}} of {{steps}} · {{name}}", { step: 3, steps: 5, name: t("Payment sent") })}</span>
            <span className="text-muted-foreground">{t("Merchant confirming")}</span>
          </div>
          <ol className="mt-2 grid grid-cols-5 gap-1.5" aria-label={t("Order progress")}>
            {STEPS.map((step, index) => (
              <li key={step} className="flex flex-col gap-1.5">
                <span className={index < 3 ? "h-1.5 rounded-full bg-primary" : "h-1.5 rounded-full bg-muted"} />
                <span className="truncate text-[0.625rem] text-muted-foreground">{t(step)}</span>
              </li>
            ))}
          </ol>
        </div>

        <div className="mt-5 flex items-center gap-3 rounded-xl border border-dashed p-3 text-xs text-muted-foreground">
          <ShieldCheck className="size-5 shrink-0 text-primary" aria-hidden />
          {t("Coins are released to you only after the merchant confirms your transfer.")}
        </div>
      </div>
      <figcaption className="mt-3 text-center text-xs text-muted-foreground">{t("Example order, for illustration")}</figcaption>
    </figure>
  );
}
