export default function StatusPage() {
  return <div>StatusPage</div>;
}
