export function Splash() {
  return null;
}
