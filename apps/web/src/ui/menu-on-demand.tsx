import { cloneElement, Suspense, useState, type KeyboardEvent, type PointerEvent, type ReactElement, type ReactNode } from "react";

/** What a menu loaded on demand renders with: its trigger, and open from the start when it was asked for. */
export type OnDemandMenuProps = { trigger: ReactElement; defaultOpen: boolean };

type TriggerProps = {
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
};

/** The keys that open a Radix dropdown menu from its trigger. */
const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/**
 * A dropdown menu whose code (Radix's menu and its positioning, a fifth of a signed-in screen's
 * JavaScript) loads when the menu is first wanted, not with every screen. Until then its trigger
 * is shown alone and answers the press and the keys that open a Radix menu; the menu (`children`,
 * a lazily loaded component) then renders with the same trigger, already open. Hovering or
 * focusing the trigger starts the download early (`preload`).
 */
export function MenuOnDemand({
  trigger,
  preload,
  children,
}: {
  trigger: ReactElement<TriggerProps>;
  preload: () => unknown;
  children: (menu: OnDemandMenuProps) => ReactNode;
}) {
  const [wanted, setWanted] = useState(false);
  if (wanted) return <Suspense fallback={trigger}>{children({ trigger, defaultOpen: true })}</Suspense>;

  return cloneElement(trigger, {
    "aria-haspopup": "menu",
    "aria-expanded": false,
    "data-state": "closed",
    onPointerEnter: preload,
    onFocus: preload,
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0 || event.ctrlKey) return;
      // As Radix's trigger does: the menu's content takes the focus, not the trigger.
      event.preventDefault();
      setWanted(true);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      setWanted(true);
    },
  } as TriggerProps);
}
