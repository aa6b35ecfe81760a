import { useEffect, useState } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { ChevronRight } from "lucide-react";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { LogoMark } from "@/features/shell/logo";
import { SOCIAL_LINKS } from "@/features/shell/social-links";
import { afterNextPaint } from "@/lib/after-next-paint";

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
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (wasDismissed()) return;
    // Just after the dashboard's first paint. Opened in the same render, the dialog's animation
    // check, focus and scroll lock each made the browser work out the styles and layout of the
    // whole page while they were still dirty, several times over.
    return afterNextPaint(() => setOpen(true));
  }, []);

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
          // Start on the safe choice rather than an outbound link, once the dialog has been
          // painted: focused as it opens, the browser styled and laid the dialog out at once, in
          // the task that rendered it (30–50 ms more of a task of about 100 ms at 4× CPU slowdown).
          event.preventDefault();
          const content = event.currentTarget as HTMLElement;
          afterNextPaint(() => {
            if (!content.contains(document.activeElement)) content.querySelector<HTMLElement>("[data-autofocus]")?.focus();
          });
        }}
      >
        <DialogHeader className="items-center pe-0 text-center">
          <LogoMark className="mb-1 size-12" />
          <DialogTitle>{t("Follow NaijaP2P")}</DialogTitle>
          <DialogDescription>{t("Be first to hear about new coin listings, security alerts and trading tips from our team.")}</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2">
          {SOCIAL_LINKS.map(({ name, label, href, icon: Icon }) => (
            <li key={name}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                onClick={close}
                className="flex min-h-12 items-center gap-3 rounded-lg border px-4 py-2 text-sm font-medium transition-colors hover:border-primary/40 hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Icon className="size-4.5 shrink-0" />
                <span className="min-w-0 flex-1">{t(label)}</span>
                <ChevronRight className="size-4 shrink-0 text-muted-foreground rtl:rotate-180" aria-hidden />
              </a>
            </li>
          ))}
        </ul>
        <DialogFooter className="sm:justify-center">
          <Button variant="ghost" onClick={close} className="h-11 w-full sm:h-10 sm:w-auto" data-autofocus>
            {t("Maybe Later")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
