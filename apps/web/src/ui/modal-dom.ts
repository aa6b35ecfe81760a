/**
 * What an open modal does to the rest of the document: the page behind it leaves the keyboard,
 * the pointer and the accessibility tree, and stops scrolling. Layers stack: a dialog opened from a
 * dialog hides the first one too, and each gives back exactly what it took when it closes.
 */

const CANDIDATES = "a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable='true']";

/** What an open layer hid: `holds` tells whether a node is in the page behind it; `show` undoes the hiding. */
export type HiddenPage = { holds(node: Node): boolean; show(): void };

/**
 * Hides everything in `<body>` but `keep` and the live regions (a toast must still be heard and
 * pressed) from assistive technology: each branch that holds neither is hidden whole, the branches
 * that do are walked into. The controls in a hidden branch leave the tab order (`tabindex="-1"`,
 * what they had given back on `show`); they are not made `inert`: inertness is part of an element's
 * style, so making the dashboard's 33 controls inert styled them and their icons again, 15–70 ms at
 * 4× CPU slowdown in the task that opens the layer, where a tab index costs nothing. The overlay
 * takes the pointer, Tab goes round inside the layer, and a control the page behind focuses is sent
 * back in by the layer's focus guard (`holds`).
 */
export function hideOthers(keep: Element): HiddenPage {
  const kept = new Set<Element>([keep, ...document.querySelectorAll("[aria-live]")]);
  const onTheWay = new Set<Element>();
  for (const element of kept) for (let up = element.parentElement; up && !onTheWay.has(up); up = up.parentElement) onTheWay.add(up);
  const hidden: { element: HTMLElement; ariaHidden: string | null }[] = [];
  const untabbable: { control: HTMLElement; tabIndex: string | null }[] = [];
  const walk = (parent: Element) => {
    for (const element of parent.children) {
      if (kept.has(element) || !(element instanceof HTMLElement) || element.tagName === "SCRIPT") continue;
      if (onTheWay.has(element)) {
        walk(element);
        continue;
      }
      hidden.push({ element, ariaHidden: element.getAttribute("aria-hidden") });
      element.setAttribute("aria-hidden", "true");
      for (const control of element.querySelectorAll<HTMLElement>(CANDIDATES)) {
        const tabIndex = control.getAttribute("tabindex");
        if (tabIndex === "-1") continue;
        control.setAttribute("tabindex", "-1");
        untabbable.push({ control, tabIndex });
      }
    }
  };
  walk(document.body);
  return {
    holds: (node) => hidden.some(({ element }) => element.contains(node)),
    show() {
      for (const { control, tabIndex } of untabbable) {
        // A tab index the page set while the layer was open (a roving group's) is the page's now.
        if (control.getAttribute("tabindex") !== "-1") continue;
        if (tabIndex === null) control.removeAttribute("tabindex");
        else control.setAttribute("tabindex", tabIndex);
      }
      for (const { element, ariaHidden } of hidden) {
        if (ariaHidden === null) element.removeAttribute("aria-hidden");
        else element.setAttribute("aria-hidden", ariaHidden);
      }
    },
  };
}

let scrollLocks = 0;
let unlockScroll = () => {};

/**
 * Stops the page scrolling under an open layer; returns the undo. Nothing shifts where a scrollbar
 * disappears: the page keeps its gutter (index.css, scrollbar-gutter). Measuring the scrollbar
 * here instead made the browser lay out the whole page inside the layer's opening, a task of
 * 150 ms on a slow phone when a dialog opens with its screen.
 */
export function lockScroll(): () => void {
  if (scrollLocks++ === 0) {
    const { style } = document.body;
    const before = style.overflow;
    style.overflow = "hidden";
    unlockScroll = () => {
      style.overflow = before;
    };
  }
  let undone = false;
  return () => {
    if (undone) return;
    undone = true;
    if (--scrollLocks === 0) unlockScroll();
  };
}

/** The elements Tab reaches inside `container`, in document order. */
export function tabbablesIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(CANDIDATES)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.matches(":disabled") &&
      element.getClientRects().length > 0 &&
      getComputedStyle(element).visibility !== "hidden",
  );
}

/** Tab and Shift+Tab go round inside `container` instead of leaving it. */
export function keepTabInside(event: KeyboardEvent, container: HTMLElement): void {
  const active = document.activeElement;
  // Focus in a layer of its own (a menu opened from the dialog) moves by that layer's rules.
  if (active && active !== container && !container.contains(active)) return;
  const tabbables = tabbablesIn(container);
  const first = tabbables[0];
  const last = tabbables.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Where the focus goes when a layer opens: its first field or button (a link would send the
 * reader away on Enter), else the layer itself.
 */
export function focusFirst(container: HTMLElement): void {
  const target = tabbablesIn(container).find((element) => element.tagName !== "A") ?? container;
  target.focus({ preventScroll: true });
}

/** Runs `handler` with a cancelable event aimed at `target`; true when the handler cancelled it. */
export function cancelled(target: HTMLElement, handler: ((event: Event) => void) | undefined): boolean {
  if (!handler) return false;
  const event = new Event("modal-focus", { cancelable: true });
  target.addEventListener("modal-focus", handler, { once: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}
