export default function ResetPasswordPage() {
  return <div>ResetPasswordPage</div>;
}
