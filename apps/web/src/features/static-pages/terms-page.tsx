export default function TermsPage() {
  return <div>TermsPage</div>;
}
