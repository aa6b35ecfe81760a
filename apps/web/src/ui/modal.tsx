import { Slot } from "radix-ui";
import {
  createContext,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";
import { cancelled, focusFirst, hideOthers, keepTabInside, lockScroll } from "./modal-dom";

/*
 * The modal layer under every dialog and sheet: WAI-ARIA's modal dialog pattern in about a
 * kilobyte, where Radix's brought twelve (its focus scope, dismissable layers and scroll lock)
 * onto the first load of any screen that opens a dialog by itself. While open, the page behind is
 * hidden from screen readers, its controls leave the tab order, the pointer meets the overlay and
 * a focus guard sends the focus back in; Tab goes round inside, Escape or a press outside closes
 * (the topmost layer only), and the focus goes back to what had it when the layer opened.
 */

type ModalState = {
  open: boolean;
  setOpen: (open: boolean) => void;
  contentId: string;
  titleId: string;
  descriptionId: string;
  hasDescription: boolean;
  setHasDescription: (has: boolean) => void;
};

const ModalContext = createContext<ModalState | null>(null);

function useModal(): ModalState {
  const modal = useContext(ModalContext);
  if (!modal) throw new Error("A modal's parts must be inside its root");
  return modal;
}

export type ModalRootProps = { open?: boolean; defaultOpen?: boolean; onOpenChange?: (open: boolean) => void; children: ReactNode };

/** Open as the caller says (`open`), or on its own from `defaultOpen`, its Trigger and its Close. */
export function ModalRoot({ open, defaultOpen = false, onOpenChange, children }: ModalRootProps) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const [hasDescription, setHasDescription] = useState(false);
  const id = useId();
  const isOpen = open ?? ownOpen;
  const setOpen = useCallback(
    (next: boolean) => {
      if (open === undefined) setOwnOpen(next);
      onOpenChange?.(next);
    },
    [open, onOpenChange],
  );
  const state = useMemo(
    () => ({
      open: isOpen,
      setOpen,
      contentId: `${id}content`,
      titleId: `${id}title`,
      descriptionId: `${id}description`,
      hasDescription,
      setHasDescription,
    }),
    [isOpen, setOpen, id, hasDescription],
  );
  return <ModalContext.Provider value={state}>{children}</ModalContext.Provider>;
}

type ButtonLikeProps = ComponentProps<"button"> & { asChild?: boolean };

/** A button (or, with asChild, the caller's element) that sets the modal open or closed when pressed, unless its own onClick cancels. */
function ModalButton({ asChild, onClick, next, ...props }: ButtonLikeProps & { next: (open: boolean) => boolean }) {
  const modal = useModal();
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      type={asChild ? undefined : "button"}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) modal.setOpen(next(modal.open));
      }}
      {...props}
    />
  );
}

export function ModalTrigger(props: ButtonLikeProps) {
  const { open, contentId } = useModal();
  return (
    <ModalButton
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? contentId : undefined}
      data-state={open ? "open" : "closed"}
      next={(was) => !was}
      {...props}
    />
  );
}

export function ModalClose(props: ButtonLikeProps) {
  return <ModalButton next={() => false} {...props} />;
}

export type ModalContentProps = Omit<ComponentProps<"div">, "role"> & {
  overlayClassName: string;
  /** As the layer opens, before the focus moves into it; cancel to place the focus yourself (on `event.currentTarget`). */
  onOpenAutoFocus?: (event: Event) => void;
  /** As the layer closes, before the focus goes back to what opened it; cancel to place it yourself. */
  onCloseAutoFocus?: (event: Event) => void;
  /** Cancel to keep the layer open on Escape. */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  /** A press outside the layer; cancel to keep it open. */
  onInteractOutside?: (event: Event) => void;
};

export function ModalContent(props: ModalContentProps) {
  return useModal().open ? <OpenLayer {...props} /> : null;
}

/** The layers open now, the topmost last: only it answers Escape and Tab. */
const openLayers: object[] = [];

function OpenLayer({
  overlayClassName,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onEscapeKeyDown,
  onInteractOutside,
  children,
  ...props
}: ModalContentProps) {
  const modal = useModal();
  const layerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  // What has the focus as the layer first renders opened it (a field inside may take the focus before the effect runs).
  const [opener] = useState(() => document.activeElement);
  const latest = useRef({ onOpenAutoFocus, onCloseAutoFocus, onEscapeKeyDown, close: () => modal.setOpen(false) });
  latest.current = { onOpenAutoFocus, onCloseAutoFocus, onEscapeKeyDown, close: () => modal.setOpen(false) };

  useLayoutEffect(() => {
    const layer = layerRef.current!;
    const content = contentRef.current!;
    const self = {};
    openLayers.push(self);
    const behind = hideOthers(layer);
    const unlockScroll = lockScroll();
    if (!content.contains(document.activeElement) && !cancelled(content, latest.current.onOpenAutoFocus)) focusFirst(content);
    // The focus cannot land on the page behind (Tab from the browser's own controls, a script's
    // focus()): it comes back into the topmost layer. A menu the layer opened later is not behind it.
    const onFocusIn = (event: FocusEvent) => {
      if (openLayers.at(-1) === self && event.target instanceof Node && behind.holds(event.target)) focusFirst(content);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (openLayers.at(-1) !== self || event.defaultPrevented) return;
      if (event.key === "Tab") keepTabInside(event, content);
      if (event.key !== "Escape") return;
      latest.current.onEscapeKeyDown?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      latest.current.close();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
      openLayers.splice(openLayers.indexOf(self), 1);
      unlockScroll();
      behind.show();
      const to = opener;
      if (cancelled(content, latest.current.onCloseAutoFocus) || !(to instanceof HTMLElement) || to === document.body || !to.isConnected) return;
      to.focus({ preventScroll: true });
    };
  }, [opener]);

  return createPortal(
    <div ref={layerRef} data-modal-layer="">
      <div
        aria-hidden
        data-state="open"
        className={overlayClassName}
        onClick={(event) => {
          onInteractOutside?.(event.nativeEvent);
          if (!event.nativeEvent.defaultPrevented) modal.setOpen(false);
        }}
      />
      <div
        ref={contentRef}
        role="dialog"
        aria-modal="true"
        id={modal.contentId}
        aria-labelledby={modal.titleId}
        aria-describedby={modal.hasDescription ? modal.descriptionId : undefined}
        tabIndex={-1}
        data-state="open"
        {...props}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

export function ModalTitle(props: ComponentProps<"h2">) {
  return <h2 id={useModal().titleId} {...props} />;
}

export function ModalDescription({ asChild, ...props }: ComponentProps<"p"> & { asChild?: boolean }) {
  const { descriptionId, setHasDescription } = useModal();
  const Comp = asChild ? Slot.Root : "p";
  useLayoutEffect(() => {
    setHasDescription(true);
    return () => setHasDescription(false);
  }, [setHasDescription]);
  return <Comp id={descriptionId} {...props} />;
}
