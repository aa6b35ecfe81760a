import { useEffect, useRef, type ReactNode } from "react";

type BehindSplashProps = {
  /** False while the splash shows: the screen is rendered but not painted. */
  shown: boolean;
  /** Called once the first screen has been committed (rendered behind the splash). */
  onRendered: () => void;
  children: ReactNode;
};

/**
 * The first screen, rendered while the splash still shows, so it appears the moment the splash
 * ends rather than after its own render (about a second on a slow phone). Until then it is not
 * painted (visibility: hidden), so nobody reads or focuses what they cannot see; when it appears,
 * the field that asked for the focus (data-autofocus) gets it.
 */
export function BehindSplash({ shown, onRendered, children }: BehindSplashProps) {
  const box = useRef<HTMLDivElement>(null);
  const rendered = useRef(onRendered);
  useEffect(() => rendered.current(), []);
  useEffect(() => {
    if (!shown || document.activeElement !== document.body) return;
    box.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [shown]);
  return (
    <div ref={box} style={{ display: "contents", visibility: shown ? undefined : "hidden" }}>
      {children}
    </div>
  );
}
