export default function ComingSoonPage() {
  return <div>ComingSoonPage</div>;
}
