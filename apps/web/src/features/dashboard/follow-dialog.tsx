import { useState } from "react";
import { ChevronRight } from "lucide-react";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { LogoMark } from "@/features/shell/logo";
import { SOCIAL_LINKS } from "@/features/shell/social-links";

const DISMISSED_KEY = "naijap2p:follow-dialog-dismissed";

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

/** Follow us: opens once per browser session when the dashboard loads (spec §2). */
export function FollowDialog() {
  const [open, setOpen] = useState(() => !wasDismissed());

  const close = () => {
    setOpen(false);
    try {
      sessionStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // Private mode without storage: the dialog simply shows again next load.
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent
        className="max-w-md"
        onOpenAutoFocus={(event) => {
          // Start on the safe choice rather than an outbound link.
          event.preventDefault();
          (event.currentTarget as HTMLElement).querySelector<HTMLElement>("[data-autofocus]")?.focus();
        }}
      >
        <DialogHeader className="items-center pr-0 text-center">
          <LogoMark className="mb-1 size-12" />
          <DialogTitle>Follow NaijaP2P</DialogTitle>
          <DialogDescription>
            Be first to hear about new coin listings, security alerts and trading tips from our team.
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2">
          {SOCIAL_LINKS.map(({ name, label, href, icon: Icon }) => (
            <li key={name}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                onClick={close}
                className="flex h-12 items-center gap-3 rounded-lg border px-4 text-sm font-medium transition-colors hover:border-primary/40 hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Icon className="size-4.5" />
                <span className="flex-1">{label}</span>
                <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
              </a>
            </li>
          ))}
        </ul>
        <DialogFooter className="sm:justify-center">
          <Button variant="ghost" onClick={close} className="w-full sm:w-auto" data-autofocus>
            Maybe Later
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
