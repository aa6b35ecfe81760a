import { useSyncExternalStore } from "react";

/*
 * Whether the app needs its Toaster yet. ui/toast.ts calls wantToaster() at the first tap, key or
 * toast; until then the app mounts no Toaster, so a screen just loaded has not downloaded sonner.
 * sonner shows toasts made before its Toaster mounted.
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
