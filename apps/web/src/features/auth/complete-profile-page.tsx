export default function CompleteProfilePage() {
  return <div>CompleteProfilePage</div>;
}
