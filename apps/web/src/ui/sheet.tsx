import { XIcon } from "lucide-react";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { CloseLabel } from "./close-label";
import { ModalClose, ModalContent, ModalDescription, ModalRoot, ModalTitle, ModalTrigger, type ModalContentProps } from "./modal";

/** A panel that slides in from an edge: the mobile menu and other phone-first drawers. */
export const Sheet = ModalRoot;
export const SheetTrigger = ModalTrigger;
export const SheetClose = ModalClose;

const sheetVariants = cva("fixed z-50 flex flex-col gap-4 bg-background shadow-xl focus-visible:outline-none", {
  variants: {
    side: {
      right: "inset-y-0 right-0 h-dvh w-[min(20rem,88vw)] border-l data-[state=open]:animate-sheet-in-right",
      left: "inset-y-0 left-0 h-dvh w-[min(20rem,88vw)] border-r data-[state=open]:animate-sheet-in-left",
      bottom: "inset-x-0 bottom-0 max-h-[85dvh] rounded-t-2xl border-t pb-safe data-[state=open]:animate-sheet-in-bottom",
    },
  },
  defaultVariants: { side: "right" },
});

export function SheetContent({
  className,
  children,
  side,
  ...props
}: Omit<ModalContentProps, "overlayClassName"> & VariantProps<typeof sheetVariants>) {
  return (
    <ModalContent
      overlayClassName="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in"
      className={cn(sheetVariants({ side }), className)}
      {...props}
    >
      {children}
      <ModalClose className="absolute end-3 top-3 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <XIcon className="size-5" />
        <CloseLabel />
      </ModalClose>
    </ModalContent>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1 p-4 pe-12", className)} {...props} />;
}

export function SheetTitle({ className, ...props }: ComponentProps<"h2">) {
  return <ModalTitle className={cn("text-base font-semibold", className)} {...props} />;
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof ModalDescription>) {
  return <ModalDescription className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
