import { XIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { CloseLabel } from "./close-label";
import { ModalClose, ModalContent, ModalDescription, ModalRoot, ModalTitle, ModalTrigger, type ModalContentProps } from "./modal";

export const Dialog = ModalRoot;
export const DialogTrigger = ModalTrigger;
export const DialogClose = ModalClose;

export function DialogContent({ className, children, ...props }: Omit<ModalContentProps, "overlayClassName">) {
  return (
    <ModalContent
      overlayClassName="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in"
      className={cn(
        "fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-background p-6 shadow-lg data-[state=open]:animate-pop-in",
        className,
      )}
      {...props}
    >
      {children}
      <ModalClose className="absolute end-4 top-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <XIcon className="size-4" />
        <CloseLabel />
      </ModalClose>
    </ModalContent>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pe-6 text-start", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<"h2">) {
  return <ModalTitle className={cn("text-lg font-semibold leading-tight", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof ModalDescription>) {
  return <ModalDescription className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
