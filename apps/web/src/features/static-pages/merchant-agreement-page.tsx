import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import type { TFunction } from "@p2p/shared";
import { LegalDocument, PageHero, type DocSection } from "./page-parts";

/** Built per render so every paragraph is read in the chosen language. */
const sections = (t: TFunction): DocSection[] => [
  {
    id: "eligibility",
    title: t("Becoming a merchant"),
    body: (
      <ul>
        <li>{t("You apply with your business name, contact details, the coins you want to trade, your bank details and a valid government ID.")}</li>
        <li>{t("Your bank account must be in your own or your registered business's name.")}</li>
        <li>{t("We may approve or decline an application, with a reason, and may ask for more information at any time.")}</li>
      </ul>
    ),
  },
  {
    id: "offers",
    title: t("Your offers and prices"),
    body: (
      <ul>
        <li>
          {t("You keep one offer per coin: a buy price, a sell price, minimum and maximum order sizes in naira, payment details and your terms.")}
        </li>
        <li>{t("Your prices must be the prices you will honour. The price of an order is fixed when it is created.")}</li>
        <li>{t("Switch your offer offline when you can't respond. Online merchants are expected to accept or decline within 15 minutes.")}</li>
      </ul>
    ),
  },
  {
    id: "orders",
    title: t("Handling orders"),
    body: (
      <ul>
        <li>{t("When you accept an order, keep enough balance available for the coins to be locked in escrow.")}</li>
        <li>{t("Confirm a payment only after you have checked that the exact amount reached your bank account.")}</li>
        <li>{t("Release is final. Never ask a trader to pay or release outside the order, or to move the conversation off the platform.")}</li>
        <li>{t("Respond in the order chat promptly and politely, and keep all trade communication there.")}</li>
      </ul>
    ),
  },
  {
    id: "conduct",
    title: t("Standards and fair dealing"),
    body: (
      <ul>
        <li>{t("No third-party payments, no cash deposits, no reversals after release.")}</li>
        <li>{t("No discrimination, harassment or pressure tactics toward traders.")}</li>
        <li>{t("Report suspected fraud to support immediately; do not attempt to recover funds yourself.")}</li>
      </ul>
    ),
  },
  {
    id: "disputes",
    title: t("Appeals involving you"),
    body: (
      <p>
        {t(
          "When an appeal is opened on one of your orders, provide evidence when asked (for example a bank statement for the period). Our decision releases the coins to the buyer or refunds them to the seller, and the reason is shared with both parties. Repeated lost appeals may lead to review of your merchant status.",
        )}
      </p>
    ),
  },
  {
    id: "compliance",
    title: t("Compliance"),
    body: (
      <p>
        {t(
          "You must comply with Nigerian law, including anti-money-laundering rules, and co-operate with our checks. We may hold orders, request information or suspend merchant status where we suspect unlawful activity.",
        )}
      </p>
    ),
  },
  {
    id: "ending",
    title: t("Suspension and ending the agreement"),
    body: (
      <p>
        <Trans
          i18nKey="You may stop being a merchant at any time once your open orders are settled. We may suspend or remove merchant status for breaches of this agreement or of the <terms>Terms & Agreements</terms>, with a written reason."
          components={{ terms: <Link to="/terms" /> }}
        />
      </p>
    ),
  },
];

export default function MerchantAgreementPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero width="max-w-6xl" eyebrow={t("Legal")} title={t("Merchant Agreement")}>
        {t("What every NaijaP2P merchant commits to, so that traders can rely on the badge next to your name.")}
      </PageHero>
      <LegalDocument
        updated="2026-11-01T12:00:00Z"
        intro={
          <p>
            <Trans
              i18nKey="This agreement applies in addition to the <terms>Terms & Agreements</terms>. You accept it when you apply to become a merchant."
              components={{ terms: <Link to="/terms" /> }}
            />
          </p>
        }
        sections={sections(t)}
      />
    </>
  );
}
