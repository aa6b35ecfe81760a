export default function CareersPage() {
  return <div>CareersPage</div>;
}
