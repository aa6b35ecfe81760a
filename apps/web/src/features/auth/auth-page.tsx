export default function AuthPage() {
  return <div>AuthPage</div>;
}
