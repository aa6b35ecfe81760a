import { useRef } from "react";

type AutoFocusHandlers = { onOpenAutoFocus?: (event: Event) => void; onCloseAutoFocus?: (event: Event) => void };

/**
 * A dialog's close hands the focus back to what had it when the dialog opened. Radix gives it to
 * the dialog's Trigger, but a dialog opened from state (loaded on demand, with no Trigger) left it
 * on the page's body, so a keyboard or screen-reader user started again from the top. Spread the
 * result on the content; a caller's own handlers run first, and a close handler may take over.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers): Required<AutoFocusHandlers> {
  const opener = useRef<Element | null>(null);
  return {
    // Radix asks as the content mounts, before it moves the focus: what has it is what opened the dialog.
    onOpenAutoFocus: (event) => {
      opener.current = document.activeElement;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      onCloseAutoFocus?.(event);
      const to = opener.current;
      if (event.defaultPrevented || !(to instanceof HTMLElement) || to === document.body || !to.isConnected) return;
      event.preventDefault();
      to.focus();
    },
  };
}
