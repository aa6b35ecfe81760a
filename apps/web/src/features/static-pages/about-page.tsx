import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { msg } from "@p2p/shared";
import { BadgeCheck, HeartHandshake, Scale, ShieldCheck } from "lucide-react";
import { Button } from "@/ui/button";
import { PageBody, PageHero, Prose } from "./page-parts";

const VALUES = [
  {
    icon: ShieldCheck,
    title: msg("Safety before speed"),
    body: msg("Escrow on every order, time limits on every step, and no shortcut that puts a trader's money at risk."),
  },
  {
    icon: BadgeCheck,
    title: msg("Verified, accountable merchants"),
    body: msg("Merchants are identity-checked, sign a written agreement, and earn their reputation one rated trade at a time."),
  },
  {
    icon: Scale,
    title: msg("Fair when things go wrong"),
    body: msg("Disputes are decided by people who read the whole story, and both sides get a written reason."),
  },
  {
    icon: HeartHandshake,
    title: msg("Built for Nigeria"),
    body: msg("Naira prices, local bank transfers, and support that speaks your language, day and night."),
  },
];

export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero eyebrow={t("About us")} title={t("Making peer-to-peer crypto safe for every Nigerian trader")}>
        {t(
          "NaijaP2P connects people who want to buy or sell crypto for naira with verified merchants, and holds the coins in escrow so that neither side has to trust a stranger.",
        )}
      </PageHero>
      <PageBody>
        <Prose className="max-w-3xl">
          <h2>{t("Why we started")}</h2>
          <p>
            {t(
              'For millions of Nigerians, peer-to-peer trading is the most practical way to move between naira and crypto. It is also where too many people have lost money: sellers who never release, buyers who reverse transfers, and "agents" who disappear after a payment. Most of those losses come down to one thing: someone had to go first and trust the other side.',
            )}
          </p>
          <p>
            {t(
              "NaijaP2P removes that leap of faith. Coins are locked in escrow before anyone pays, they are released only when the seller confirms the naira arrived, and every step has a clock so no trade can be left hanging. When there is a disagreement, a trained team reviews the order chat and the evidence and decides, in writing.",
            )}
          </p>
          <h2>{t("What we do")}</h2>
          <ul>
            <li>
              {t("A marketplace of KYC-verified merchants quoting naira prices for {{coins}} and more.", { coins: "SIDRA, PI, RUBI, CORE, USDT" })}
            </li>
            <li>{t("Escrow, order chat and payment proof built into every trade, with a clear five-step progress.")}</li>
            <li>{t("Appeals and dispute resolution, live chat support around the clock, and notifications in the app and on Telegram.")}</li>
          </ul>
        </Prose>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2">
          {VALUES.map(({ icon: Icon, title, body }) => (
            <li key={title} className="rounded-2xl border bg-card p-6">
              <Icon className="size-6 text-primary" aria-hidden />
              <h3 className="mt-4 font-semibold">{t(title)}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{t(body)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-col items-start gap-4 rounded-2xl border bg-muted/40 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <p className="text-lg font-semibold">{t("Want to build this with us?")}</p>
            <p className="text-sm text-muted-foreground">{t("We're hiring engineers, support agents and compliance analysts.")}</p>
          </div>
          <Button asChild>
            <Link to="/careers">{t("See open roles")}</Link>
          </Button>
        </div>
      </PageBody>
    </>
  );
}
