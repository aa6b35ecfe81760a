import { Link } from "react-router";
import { LegalDocument, PageHero, type DocSection } from "./page-parts";

const SECTIONS: DocSection[] = [
  {
    id: "collect",
    title: "What we collect",
    body: (
      <ul>
        <li><strong>Account details:</strong> full name, username, email address, phone number and, if used, your referral code.</li>
        <li><strong>Trading records:</strong> orders, amounts, prices, status changes, ratings and your transaction history.</li>
        <li><strong>Messages and evidence:</strong> order chat, live chat, complaints, appeals and the payment receipts you upload.</li>
        <li><strong>Merchant verification:</strong> business details, bank details and identity documents submitted with an application.</li>
        <li><strong>Technical data:</strong> sign-in times, IP address and device information, used to keep your account secure.</li>
      </ul>
    ),
  },
  {
    id: "use",
    title: "How we use it",
    body: (
      <ul>
        <li>To run your trades: matching, escrow, notifications and showing your counterparty what they need to pay you.</li>
        <li>To keep the platform safe: preventing fraud, limiting abuse, and investigating appeals and complaints.</li>
        <li>To meet legal duties, including anti-money-laundering checks and lawful requests from Nigerian authorities.</li>
        <li>To improve the service, using aggregated statistics that do not identify you.</li>
      </ul>
    ),
  },
  {
    id: "share",
    title: "Who we share it with",
    body: (
      <>
        <p>We never sell your personal data. We share only what is needed:</p>
        <ul>
          <li>With your trade partner: your username, reputation score and, for sellers, the payment details shown in the order.</li>
          <li>With service providers who help us run NaijaP2P (hosting, email, Telegram delivery), under written agreements.</li>
          <li>With authorities, when the law requires it.</li>
        </ul>
      </>
    ),
  },
  {
    id: "security",
    title: "How we protect it",
    body: (
      <p>
        Passwords are stored with a strong one-way hash, sessions use secure cookies that page scripts cannot read, and access
        to personal data inside NaijaP2P is limited to staff who need it and recorded in an audit log.
      </p>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <p>
        We keep trading and verification records for as long as the law requires (generally at least five years after an
        account closes, for anti-money-laundering purposes). Other data is deleted or anonymised when it is no longer needed.
      </p>
    ),
  },
  {
    id: "rights",
    title: "Your rights",
    body: (
      <p>
        Under the Nigeria Data Protection Act 2023 you may ask to access, correct or delete your personal data, object to
        certain uses, or ask for a copy in a portable format. Some records must be kept by law even after you ask us to delete
        them. Contact us through the <Link to="/help#contact">Help Center</Link> to make a request.
      </p>
    ),
  },
  {
    id: "storage",
    title: "Cookies and local storage",
    body: (
      <p>
        We use essential cookies to keep you signed in, and your browser's storage to remember your theme preference and
        small interface choices (such as when you last read the merchant group chat). We do not use advertising trackers.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: <p>If we change how we use your data in a meaningful way, we will tell you in the app before the change applies.</p>,
  },
];

export default function PrivacyPage() {
  return (
    <>
      <PageHero width="max-w-6xl" eyebrow="Legal" title="Privacy Policy">
        What we collect to run safe trades, why we need it, and the control you have over it.
      </PageHero>
      <LegalDocument
        updated="1 November 2026"
        intro={<p>NaijaP2P is the controller of the personal data described here.</p>}
        sections={SECTIONS}
      />
    </>
  );
}
