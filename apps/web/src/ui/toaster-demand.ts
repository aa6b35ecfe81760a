import { useSyncExternalStore } from "react";

/*
 * Whether the app needs its Toaster yet. ui/toast.ts (sonner) calls wantToaster() when a screen that
 * can toast loads it; until then the app mounts no Toaster, so a page that never toasts (the
 * landing page) does not download sonner. sonner shows toasts made before its Toaster mounted.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useToasterWanted = (): boolean => useSyncExternalStore(subscribe, () => wanted);
