export default function LandingPage() {
  return <div>LandingPage</div>;
}
