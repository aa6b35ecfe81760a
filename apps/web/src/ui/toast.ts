import type { ReactNode } from "react";
import type { ExternalToast, toast as sonnerToast } from "sonner";
import { wantToaster } from "./toaster-demand";

type Kind = "success" | "error" | "info" | "message";

/** Toasts asked for before sonner's code arrived; shown, in order, once it has. */
const pending: { kind: Kind; message: ReactNode; data?: ExternalToast }[] = [];
let sonner: Promise<typeof sonnerToast> | null = null;

/** Loads sonner (once; again after a failed fetch) and shows the pending toasts. */
function flush(): void {
  load().then(
    (toast) => pending.splice(0).forEach(({ kind, message, data }) => toast[kind](message, data)),
    () => undefined,
  );
}

function load(): Promise<typeof sonnerToast> {
  sonner ??= import("sonner").then(
    (module) => module.toast,
    (err: unknown) => {
      sonner = null; // offline before it was ever cached: tried again with the next toast or when back online
      throw err;
    },
  );
  return sonner;
}

if (typeof window !== "undefined") {
  window.addEventListener("online", () => pending.length > 0 && flush());
  // A toast answers something the person did: sonner and the Toaster are fetched and mounted at
  // their first tap or key, so a toast that comes later (offline, say) has its code at hand.
  const warm = () => {
    wantToaster();
    void load().catch(() => undefined);
  };
  window.addEventListener("pointerdown", warm, { once: true, capture: true });
  window.addEventListener("keydown", warm, { once: true, capture: true });
}

const show =
  (kind: Kind) =>
  (message: ReactNode, data?: ExternalToast): void => {
    pending.push({ kind, message, data });
    wantToaster();
    flush();
  };

/**
 * The app's toasts (sonner). Import them from here, not from "sonner": sonner (8 KB as sent) loads
 * at the first tap, key or toast, not with every screen that can show one, and so does the app's
 * Toaster (ui/toaster-demand.ts), which shows the toasts made before it mounted.
 */
export const toast = { success: show("success"), error: show("error"), info: show("info"), message: show("message") };
