import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import type { TFunction } from "@p2p/shared";
import { LegalDocument, PageHero, type DocSection } from "./page-parts";

/** Built per render so every paragraph is read in the chosen language. */
const sections = (t: TFunction): DocSection[] => [
  {
    id: "acceptance",
    title: t("Accepting these terms"),
    body: (
      <p>
        <Trans
          i18nKey="By creating an account or using NaijaP2P you agree to these Terms & Agreements and to our <privacy>Privacy Policy</privacy>. If you trade as a merchant, the <agreement>Merchant Agreement</agreement> also applies. If you do not agree, do not use the service."
          components={{ privacy: <Link to="/privacy" />, agreement: <Link to="/merchant-agreement" /> }}
        />
      </p>
    ),
  },
  {
    id: "eligibility",
    title: t("Who can use NaijaP2P"),
    body: (
      <ul>
        <li>{t("You must be at least 18 years old and able to enter a binding contract.")}</li>
        <li>{t("You may hold one personal account. Accounts may not be sold, shared or used on someone else's behalf.")}</li>
        <li>{t("You must give true, current details (name, email, phone number) and keep them up to date.")}</li>
        <li>{t("You may not use NaijaP2P if doing so would break the law where you live.")}</li>
      </ul>
    ),
  },
  {
    id: "service",
    title: t("What NaijaP2P does"),
    body: (
      <>
        <p>
          {t(
            "NaijaP2P is a marketplace. We connect traders with independent, verified merchants and provide escrow, order chat, notifications and dispute resolution. We are not a party to your trade: the naira payment is made directly between the buyer and the seller.",
          )}
        </p>
        <p>{t("Prices are set by merchants. The price shown when you create an order is the price of that order and does not change afterwards.")}</p>
      </>
    ),
  },
  {
    id: "escrow",
    title: t("Orders and escrow"),
    body: (
      <ul>
        <li>{t("The seller's coins are locked in escrow when the order is created (if you sell) or when the merchant accepts (if you buy).")}</li>
        <li>
          {t("Escrowed coins are released to the buyer only when the seller confirms receipt of the naira, or by an admin decision on an appeal.")}
        </li>
        <li>
          {t(
            "An order may be cancelled by its creator or the merchant while pending, or by the buyer before paying. Cancelled orders return escrow to the seller.",
          )}
        </li>
        <li>
          {t(
            "Each step has a time limit. When the acceptance or payment window runs out the order is cancelled; when the confirmation window runs out it goes to dispute review.",
          )}
        </li>
        <li>
          {t(
            "If we suspend an account, its orders not yet marked as paid are cancelled with the escrow returned to the seller, and its paid orders go to dispute review.",
          )}
        </li>
        <li>
          {t("Marking an order as paid when you have not paid, or confirming a payment you have not received, is a serious breach of these terms.")}
        </li>
      </ul>
    ),
  },
  {
    id: "payments",
    title: t("Payments between traders"),
    body: (
      <ul>
        <li>{t("Buyers must pay the exact amount, from a bank account in their own name, to the account shown in the order.")}</li>
        <li>{t("Third-party payments, cash deposits and reversals after release are not allowed and may lead to suspension.")}</li>
        <li>{t("Keep all communication about a trade in the order chat; we can only consider evidence we can verify.")}</li>
      </ul>
    ),
  },
  {
    id: "fees",
    title: t("Fees and promotions"),
    body: (
      <p>
        {t(
          "New accounts pay no platform fees for their first month. Any fees that apply afterwards are shown before you confirm an order. Promotions, including insurance cover of up to {{cover}} per eligible transaction, are subject to their published conditions and may change with notice.",
          { cover: "$1M" },
        )}
      </p>
    ),
  },
  {
    id: "appeals",
    title: t("Appeals and disputes"),
    body: (
      <p>
        {t(
          "While an order is in progress, either party may open an appeal. Our team reviews the order chat, payment proof and any evidence provided, and resolves the appeal by releasing the coins to the buyer or refunding them to the seller, with a written reason. Decisions are final for the purposes of the platform; they do not limit any legal rights you have.",
        )}
      </p>
    ),
  },
  {
    id: "conduct",
    title: t("Prohibited conduct"),
    body: (
      <ul>
        <li>{t("Fraud, money laundering, terrorist financing, or trading the proceeds of crime.")}</li>
        <li>{t("Harassing, threatening or deceiving other traders, or asking them to trade outside the platform.")}</li>
        <li>{t("Impersonating NaijaP2P staff or merchants, or creating accounts to evade a suspension.")}</li>
        <li>{t("Interfering with the service, probing it for weaknesses without permission, or automating it without our consent.")}</li>
      </ul>
    ),
  },
  {
    id: "suspension",
    title: t("Suspension and closure"),
    body: (
      <p>
        {t(
          "We may suspend or close an account that breaks these terms, or where the law requires it. Coins held in escrow for an open order are settled according to the order's state and any appeal decision. You may close your account at any time once you have no open orders.",
        )}
      </p>
    ),
  },
  {
    id: "risk",
    title: t("Risks and liability"),
    body: (
      <>
        <p>
          {t(
            "Crypto assets are volatile and can lose value quickly. Nothing on NaijaP2P is financial advice. You are responsible for your own trading decisions and for any taxes that apply to them.",
          )}
        </p>
        <p>
          {t(
            "To the extent the law allows, NaijaP2P is not liable for losses caused by market movements, by payments made outside the order, or by events beyond our reasonable control. Nothing in these terms excludes liability that cannot be excluded under Nigerian law.",
          )}
        </p>
      </>
    ),
  },
  {
    id: "changes",
    title: t("Changes and governing law"),
    body: (
      <p>
        <Trans
          i18nKey="We may update these terms. We will tell you about material changes in the app before they take effect. These terms are governed by the laws of the Federal Republic of Nigeria. Questions? Reach us through the <help>Help Center</help>."
          components={{ help: <Link to="/help#contact" /> }}
        />
      </p>
    ),
  },
];

export default function TermsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero width="max-w-6xl" eyebrow={t("Legal")} title={t("Terms & Agreements")}>
        {t("The rules that keep every trade fair: what we do, what we expect from you, and how disputes are settled.")}
      </PageHero>
      <LegalDocument
        updated="2026-11-01T12:00:00Z"
        intro={<p>{t("These terms are written to be read. Where something is important for your money, we say so plainly.")}</p>}
        sections={sections(t)}
      />
    </>
  );
}
