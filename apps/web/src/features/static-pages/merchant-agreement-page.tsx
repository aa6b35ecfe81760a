export default function MerchantAgreementPage() {
  return <div>MerchantAgreementPage</div>;
}
