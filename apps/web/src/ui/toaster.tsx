import { Toaster as Sonner } from "sonner";
import { TOAST_MS } from "@p2p/shared";
import { useTheme } from "@/features/theme/theme-provider";

/** Where toasts show, in the app's theme; loaded once a screen that toasts has (ui/toast.ts). */
export default function Toaster() {
  const { resolved } = useTheme();
  return <Sonner theme={resolved} position="top-center" duration={TOAST_MS} richColors closeButton />;
}
