import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { msg } from "@p2p/shared";
import { Banknote, MessageCircle, MessageSquareWarning, Scale, ShieldCheck, UserCog, Users, Zap, type LucideIcon } from "lucide-react";
import { Button } from "@/ui/button";
import { SOCIAL_LINKS } from "@/features/shell/social-links";
import { FAQ, TRADE_STEPS, TYPICAL_TRADE_TIME } from "./help-content";
import { PageBody, PageHero, Prose, useScrollToHash } from "./page-parts";

const TOPICS: { id: string; icon: LucideIcon; title: string; body: string }[] = [
  { id: "how-trading-works", icon: Zap, title: msg("How trading works"), body: msg("From choosing a merchant to release") },
  { id: "escrow", icon: ShieldCheck, title: msg("Escrow"), body: msg("What protects your coins and naira") },
  { id: "payments", icon: Banknote, title: msg("Payments"), body: msg("Paying and getting paid safely") },
  { id: "appeals", icon: Scale, title: msg("Appeals & disputes"), body: msg("When a trade goes wrong") },
  { id: "account", icon: UserCog, title: msg("Account & security"), body: msg("Sign-in, profile and safety") },
  { id: "contact", icon: MessageCircle, title: msg("Contact us"), body: msg("Talk to a real person, 24/7") },
];

/** The five order states in the walkthrough, each word bold. */
const bold = { b: <strong /> };

export default function HelpPage() {
  const { t } = useTranslation();
  useScrollToHash();
  return (
    <>
      <PageHero width="max-w-5xl" eyebrow={t("Help Center")} title={t("How can we help you today?")}>
        {t("Guides for buying and selling safely with NaijaP2P merchants.")} {t(TYPICAL_TRADE_TIME)}
      </PageHero>
      <PageBody className="max-w-5xl">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {TOPICS.map(({ id, icon: Icon, title, body }) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="flex h-full items-center gap-3 rounded-xl border bg-card p-4 transition-colors hover:border-primary/40 hover:bg-accent/40"
              >
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/12 text-primary">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="min-w-0">
                  <span className="block text-sm font-semibold">{t(title)}</span>
                  <span className="block text-sm text-muted-foreground">{t(body)}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>

        <Prose className="mt-14 max-w-3xl">
          <h2 id="how-trading-works">{t("How trading works")}</h2>
          <p>
            {t(
              "Every trade on NaijaP2P is between you and one verified merchant. You always see the merchant's naira price, their order limits and their reputation score before you confirm, and the price is fixed the moment the order is created.",
            )}
          </p>
          <ol>
            {TRADE_STEPS.map((step) => (
              <li key={step.title}>
                <strong>{t(step.title)}.</strong> {t(step.body)}
              </li>
            ))}
          </ol>
          <p>
            <Trans
              i18nKey="Each order moves through five steps: <b>pending</b> (created), <b>matched</b> (the merchant accepted), <b>in progress</b> (payment marked as sent), <b>confirmed</b> (the seller received the naira) and <b>completed</b> (coins released). You can follow every step, with a countdown, on the order screen."
              components={bold}
            />
          </p>

          <h2 id="escrow">{t("Escrow: what protects you")}</h2>
          <p>{t("Escrow means the coins being sold are held by NaijaP2P, not by either trader, until the trade is settled.")}</p>
          <ul>
            <li>
              {t(
                "If you are selling, your coins are locked when you create the order. If you are buying, the merchant's coins are locked when they accept.",
              )}
            </li>
            <li>{t("Coins are released to the buyer only when the seller confirms the naira has arrived, and in the same moment.")}</li>
            <li>{t("If an order is cancelled, or a dispute is decided for the seller, the escrowed coins go back to the seller in full.")}</li>
            <li>{t("An order is released or refunded exactly once. Nobody, including our staff, can move escrowed coins anywhere else.")}</li>
          </ul>
          <p>
            {t(
              "Time limits keep orders moving: merchants have 15 minutes to accept, buyers have 30 minutes to pay, and sellers have 30 minutes to confirm a marked payment. If a seller doesn't confirm in time, the order goes to dispute review automatically, so a trade can never hang forever.",
            )}
          </p>

          <h2 id="payments">{t("Paying and getting paid")}</h2>
          <p>{t("Payments happen by bank transfer in naira, directly between the traders. To stay safe:")}</p>
          <ul>
            <li>{t("Pay only to the bank account shown inside the order. Never pay to an account sent in a message, call or DM.")}</li>
            <li>{t("Transfer the exact naira amount shown, in one transfer, from an account in your own name.")}</li>
            <li>{t('Don\'t write crypto words (like "BTC" or "USDT") in the transfer narration; use the order ID instead.')}</li>
            <li>{t('After paying, tap "I have paid" and attach the receipt. Don\'t mark an order paid before the money has left your account.')}</li>
            <li>{t("Sellers: check your banking app, not a screenshot, before you confirm. Confirming releases the coins and can't be undone.")}</li>
          </ul>

          <h2 id="appeals">{t("Appeals and disputes")}</h2>
          <p>
            {t(
              "If something goes wrong after a payment is marked as sent, the buyer or the seller can open an appeal from the order. The order is frozen while our team reviews it, and the escrowed coins stay locked.",
            )}
          </p>
          <ol>
            <li>{t('Open the order and choose "Appeal". Explain what happened and attach evidence: receipts, bank statements, screenshots.')}</li>
            <li>{t("Keep talking in the order chat. Our reviewers read the full chat history, so keep everything about the trade there.")}</li>
            <li>{t("An admin decides: release the coins to the buyer, or refund them to the seller, with a written reason both of you can see.")}</li>
          </ol>
          <p>
            <Trans
              i18nKey="If you opened an appeal and the issue is sorted out, you can withdraw it and the trade continues. Appeals you opened are listed under <appeals>Appeals</appeals>."
              components={{ appeals: <Link to="/appeals" /> }}
            />
          </p>

          <h2 id="account">{t("Account and security")}</h2>
          <ul>
            <li>{t("Use a unique password and never share it. NaijaP2P staff will never ask for your password or a sign-in code.")}</li>
            <li>{t("Your username and phone number must be unique; you can set them once after signing up with Google.")}</li>
            <li>
              <Trans
                i18nKey={
                  'Forgot your password? Use "Forgot password" on the <signin>sign-in page</signin>; the reset link ends all your other sessions.'
                }
                components={{ signin: <Link to="/auth" /> }}
              />
            </li>
            <li>
              <Trans
                i18nKey="Want to trade as a merchant? Apply from the menu; see the <agreement>Merchant Agreement</agreement> for what's expected."
                components={{ agreement: <Link to="/merchant-agreement" /> }}
              />
            </li>
          </ul>

          <h2 id="faq">{t("Frequently asked questions")}</h2>
        </Prose>
        <div className="mt-4 max-w-3xl divide-y rounded-xl border bg-card">
          {FAQ.map((item) => (
            <details key={item.q} className="group px-5 py-4 [&_summary::-webkit-details-marker]:hidden">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 font-medium">
                {t(item.q)}
                <span aria-hidden className="text-xl leading-none text-muted-foreground transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{t(item.a)}</p>
            </details>
          ))}
        </div>

        <section id="contact" aria-labelledby="contact-title" className="mt-14 scroll-mt-24 rounded-2xl border bg-card p-6 sm:p-8">
          <h2 id="contact-title" className="text-xl font-semibold tracking-tight">
            {t("Contact us")}
          </h2>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            {t(
              "Our support team works around the clock and answers in 12 languages. For anything about a specific order, use live chat or a complaint so we can see the order details.",
            )}
          </p>
          <div className="mt-6 grid gap-4 md:grid-cols-3">
            <div className="rounded-xl border p-4">
              <MessageCircle className="size-5 text-primary" aria-hidden />
              <p className="mt-3 font-semibold">{t("Live chat")}</p>
              <p className="mt-1 text-sm text-muted-foreground">{t("Talk to a support agent, any time of day or night.")}</p>
              <Button asChild size="sm" className="mt-4 h-auto min-h-11 py-2 whitespace-normal sm:min-h-8 sm:py-1">
                <Link to="/live-chat">{t("Start live chat")}</Link>
              </Button>
            </div>
            <div className="rounded-xl border p-4">
              <MessageSquareWarning className="size-5 text-primary" aria-hidden />
              <p className="mt-3 font-semibold">{t("Submit a complaint")}</p>
              <p className="mt-1 text-sm text-muted-foreground">
                {t("For fraud, payment problems or unfair trades. We reply in your complaints list.")}
              </p>
              <Button asChild size="sm" variant="outline" className="mt-4 h-auto min-h-11 py-2 whitespace-normal sm:min-h-8 sm:py-1">
                <Link to="/dashboard">{t("Go to dashboard")}</Link>
              </Button>
            </div>
            <div className="rounded-xl border p-4">
              <Users className="size-5 text-primary" aria-hidden />
              <p className="mt-3 font-semibold">{t("Community")}</p>
              <p className="mt-1 text-sm text-muted-foreground">{t("Announcements and tips. Staff never DM you first.")}</p>
              <div className="mt-4 flex flex-wrap gap-2">
                {SOCIAL_LINKS.map(({ name, href, icon: Icon }) => (
                  <Button key={name} asChild size="sm" variant="outline" className="min-h-11 sm:min-h-8">
                    <a href={href} target="_blank" rel="noopener noreferrer">
                      <Icon />
                      {name}
                    </a>
                  </Button>
                ))}
              </div>
            </div>
          </div>
        </section>
      </PageBody>
    </>
  );
}
