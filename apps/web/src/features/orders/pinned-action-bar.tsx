import type { ReactNode } from "react";

/**
 * The order's main action on a phone: fixed at the bottom of the viewport where a thumb rests,
 * just above the tab bar (bottom-bar.tsx: h-16 plus the safe-area inset). From tablets up the
 * tab bar is gone and the actions card shows the button in place, so this bar hides.
 */
export function PinnedActionBar({ children }: { children: ReactNode }) {
  return (
    <div className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 border-t bg-background/95 px-4 py-3 shadow-[0_-4px_12px_-8px_rgb(0_0_0/0.25)] backdrop-blur supports-[backdrop-filter]:bg-background/80 md:hidden">
      {children}
    </div>
  );
}
