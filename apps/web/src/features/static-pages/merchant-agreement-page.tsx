import { Link } from "react-router";
import { LegalDocument, PageHero, type DocSection } from "./page-parts";

const SECTIONS: DocSection[] = [
  {
    id: "eligibility",
    title: "Becoming a merchant",
    body: (
      <ul>
        <li>You apply with your business name, contact details, the coins you want to trade, your bank details and a valid government ID.</li>
        <li>Your bank account must be in your own or your registered business's name.</li>
        <li>We may approve or decline an application, with a reason, and may ask for more information at any time.</li>
      </ul>
    ),
  },
  {
    id: "offers",
    title: "Your offers and prices",
    body: (
      <ul>
        <li>You keep one offer per coin: a buy price, a sell price, minimum and maximum order sizes in naira, payment details and your terms.</li>
        <li>Your prices must be the prices you will honour. The price of an order is fixed when it is created.</li>
        <li>Switch your offer offline when you can't respond. Online merchants are expected to accept or decline within 15 minutes.</li>
      </ul>
    ),
  },
  {
    id: "orders",
    title: "Handling orders",
    body: (
      <ul>
        <li>When you accept an order, keep enough balance available for the coins to be locked in escrow.</li>
        <li>Confirm a payment only after you have checked that the exact amount reached your bank account.</li>
        <li>Release is final. Never ask a trader to pay or release outside the order, or to move the conversation off the platform.</li>
        <li>Respond in the order chat promptly and politely, and keep all trade communication there.</li>
      </ul>
    ),
  },
  {
    id: "conduct",
    title: "Standards and fair dealing",
    body: (
      <ul>
        <li>No third-party payments, no cash deposits, no reversals after release.</li>
        <li>No discrimination, harassment or pressure tactics toward traders.</li>
        <li>Report suspected fraud to support immediately; do not attempt to recover funds yourself.</li>
      </ul>
    ),
  },
  {
    id: "disputes",
    title: "Appeals involving you",
    body: (
      <p>
        When an appeal is opened on one of your orders, provide evidence when asked (for example a bank statement for the
        period). Our decision releases the coins to the buyer or refunds them to the seller, and the reason is shared with both
        parties. Repeated lost appeals may lead to review of your merchant status.
      </p>
    ),
  },
  {
    id: "compliance",
    title: "Compliance",
    body: (
      <p>
        You must comply with Nigerian law, including anti-money-laundering rules, and co-operate with our checks. We may hold
        orders, request information or suspend merchant status where we suspect unlawful activity.
      </p>
    ),
  },
  {
    id: "ending",
    title: "Suspension and ending the agreement",
    body: (
      <p>
        You may stop being a merchant at any time once your open orders are settled. We may suspend or remove merchant status
        for breaches of this agreement or of the <Link to="/terms">Terms & Agreements</Link>, with a written reason.
      </p>
    ),
  },
];

export default function MerchantAgreementPage() {
  return (
    <>
      <PageHero width="max-w-6xl" eyebrow="Legal" title="Merchant Agreement">
        What every NaijaP2P merchant commits to, so that traders can rely on the badge next to your name.
      </PageHero>
      <LegalDocument
        updated="1 November 2026"
        intro={
          <p>
            This agreement applies in addition to the <Link to="/terms">Terms & Agreements</Link>. You accept it when you apply
            to become a merchant.
          </p>
        }
        sections={SECTIONS}
      />
    </>
  );
}
