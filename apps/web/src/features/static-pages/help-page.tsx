export default function HelpPage() {
  return <div>HelpPage</div>;
}
