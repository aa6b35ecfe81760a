import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import type { TFunction } from "@p2p/shared";
import { LegalDocument, PageHero, type DocSection } from "./page-parts";

/** The bold lead-in of a list item ("<b>Account details:</b> …"). */
const bold = { b: <strong /> };

/** Built per render so every paragraph is read in the chosen language. */
const sections = (t: TFunction): DocSection[] => [
  {
    id: "collect",
    title: t("What we collect"),
    body: (
      <ul>
        <li>
          <Trans
            i18nKey="<b>Account details:</b> full name, username, email address, phone number and, if used, your referral code."
            components={bold}
          />
        </li>
        <li>
          <Trans i18nKey="<b>Trading records:</b> orders, amounts, prices, status changes, ratings and your transaction history." components={bold} />
        </li>
        <li>
          <Trans
            i18nKey="<b>Messages and evidence:</b> order chat, live chat, complaints, appeals and the payment receipts you upload."
            components={bold}
          />
        </li>
        <li>
          <Trans
            i18nKey="<b>Merchant verification:</b> business details, bank details and identity documents submitted with an application."
            components={bold}
          />
        </li>
        <li>
          <Trans
            i18nKey="<b>Technical data:</b> sign-in times, IP address and device information, used to keep your account secure."
            components={bold}
          />
        </li>
      </ul>
    ),
  },
  {
    id: "use",
    title: t("How we use it"),
    body: (
      <ul>
        <li>{t("To run your trades: matching, escrow, notifications and showing your counterparty what they need to pay you.")}</li>
        <li>{t("To keep the platform safe: preventing fraud, limiting abuse, and investigating appeals and complaints.")}</li>
        <li>{t("To meet legal duties, including anti-money-laundering checks and lawful requests from Nigerian authorities.")}</li>
        <li>{t("To improve the service, using aggregated statistics that do not identify you.")}</li>
      </ul>
    ),
  },
  {
    id: "share",
    title: t("Who we share it with"),
    body: (
      <>
        <p>{t("We never sell your personal data. We share only what is needed:")}</p>
        <ul>
          <li>{t("With your trade partner: your username, reputation score and, for sellers, the payment details shown in the order.")}</li>
          <li>{t("With service providers who help us run NaijaP2P (hosting, email, Telegram delivery), under written agreements.")}</li>
          <li>{t("With authorities, when the law requires it.")}</li>
        </ul>
      </>
    ),
  },
  {
    id: "security",
    title: t("How we protect it"),
    body: (
      <p>
        {t(
          "Passwords are stored with a strong one-way hash, sessions use secure cookies that page scripts cannot read, and access to personal data inside NaijaP2P is limited to staff who need it and recorded in an audit log.",
        )}
      </p>
    ),
  },
  {
    id: "retention",
    title: t("How long we keep it"),
    body: (
      <p>
        {t(
          "We keep trading and verification records for as long as the law requires (generally at least five years after an account closes, for anti-money-laundering purposes). Other data is deleted or anonymised when it is no longer needed.",
        )}
      </p>
    ),
  },
  {
    id: "rights",
    title: t("Your rights"),
    body: (
      <p>
        <Trans
          i18nKey="Under the Nigeria Data Protection Act 2023 you may ask to access, correct or delete your personal data, object to certain uses, or ask for a copy in a portable format. Some records must be kept by law even after you ask us to delete them. Contact us through the <help>Help Center</help> to make a request."
          components={{ help: <Link to="/help#contact" /> }}
        />
      </p>
    ),
  },
  {
    id: "storage",
    title: t("Cookies and local storage"),
    body: (
      <p>
        {t(
          "We use essential cookies to keep you signed in, and your browser's storage to remember your theme preference and small interface choices (such as when you last read the merchant group chat). We do not use advertising trackers.",
        )}
      </p>
    ),
  },
  {
    id: "changes",
    title: t("Changes to this policy"),
    body: <p>{t("If we change how we use your data in a meaningful way, we will tell you in the app before the change applies.")}</p>,
  },
];

export default function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero width="max-w-6xl" eyebrow={t("Legal")} title={t("Privacy Policy")}>
        {t("What we collect to run safe trades, why we need it, and the control you have over it.")}
      </PageHero>
      <LegalDocument
        updated="2026-11-01T12:00:00Z"
        intro={<p>{t("NaijaP2P is the controller of the personal data described here.")}</p>}
        sections={sections(t)}
      />
    </>
  );
}
