import { Suspense, useState, type ReactNode } from "react";

/**
 * Renders `children` from the first time `opened` is true on, and keeps them mounted so a dialog
 * closes with its animation. With a dialog imported through React.lazy, its code (and the form
 * libraries it brings: react-hook-form, zod) loads when the dialog is first opened, not with the
 * screen behind it.
 */
export function MountOnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(opened);
  // Derived state, set while rendering (React's pattern for it): no extra commit with nothing shown.
  if (opened && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
