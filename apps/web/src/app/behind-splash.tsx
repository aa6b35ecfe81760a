import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";

type BehindSplashProps = {
  /** False while the splash shows: the screen is rendered, transparent under it. */
  shown: boolean;
  /** Called once the first screen has been committed (rendered behind the splash). */
  onRendered: () => void;
  children: ReactNode;
};

/**
 * The first screen, rendered while the splash still shows, so it appears the moment the splash
 * ends rather than after its own render (about a second on a slow phone). Until then it is
 * transparent under the splash and out of the accessibility tree; when it appears, the field that
 * asked for the focus (data-autofocus) gets it. Transparency, not visibility: showing a screen
 * hidden by visibility restyles every element of it (visibility is inherited), a task of about
 * 100 ms on a slow phone; opacity is the box's own, so only the box changes. For the same
 * reason the screen is not made `inert` (part of every element's style): Tab is held instead, so
 * the keyboard cannot reach a control nobody can see.
 */
export function BehindSplash({ shown, onRendered, children }: BehindSplashProps) {
  const box = useRef<HTMLDivElement>(null);
  const rendered = useRef(onRendered);
  useEffect(() => rendered.current(), []);
  // A layout effect: held in the same task as the commit that puts the screen in the page, so no
  // key press can come between them (a passive effect runs later, after the browser has painted).
  useLayoutEffect(() => {
    if (shown) return;
    const holdTab = (event: KeyboardEvent) => {
      if (event.key === "Tab") event.preventDefault();
    };
    document.addEventListener("keydown", holdTab, true);
    return () => document.removeEventListener("keydown", holdTab, true);
  }, [shown]);
  useEffect(() => {
    if (!shown || document.activeElement !== document.body) return;
    box.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [shown]);
  return (
    <div ref={box} style={shown ? undefined : { opacity: 0 }} aria-hidden={shown ? undefined : true}>
      {children}
    </div>
  );
}
