import { useEffect, useState, type ComponentType } from "react";
import { useOnline } from "@/lib/online";
import { useToasterWanted } from "@/ui/toaster-demand";

/**
 * The Toaster, once the first toast is shown (ui/toast.ts): sonner is on no screen's first load.
 * Its code may fail to arrive (offline, before it was ever cached): then no toasts show until it
 * can be fetched again, when the phone is back online; the app itself stays up. Toasts made
 * meanwhile are kept and shown once it has arrived.
 */
export function LazyToaster() {
  const wanted = useToasterWanted();
  const online = useOnline();
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!wanted || !online || Toaster) return;
    let live = true;
    import("@/ui/toaster").then(
      (module) => live && setToaster(() => module.default),
      () => undefined, // tried again when the connection comes back
    );
    return () => {
      live = false;
    };
  }, [wanted, online, Toaster]);
  return Toaster ? <Toaster /> : null;
}
