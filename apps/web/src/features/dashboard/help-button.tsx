import { lazy, useState } from "react";
import { useTranslation } from "@/i18n/use-translation";
import { HelpCircle } from "lucide-react";
import { Button } from "@/ui/button";
import { MountOnceOpened } from "@/ui/mount-once-opened";

const HelpDialog = lazy(() => import("./help-dialog").then((m) => ({ default: m.HelpDialog })));

/** Floating Help button; its dialog (spec §2 "Dashboard") loads when first opened. */
export function HelpButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="lg"
        className="fixed bottom-[calc(5rem+env(safe-area-inset-bottom))] end-4 z-30 size-12 rounded-full p-0 shadow-lg shadow-primary/25 md:bottom-6 md:end-6 md:w-auto md:px-5"
        aria-label={t("Help")}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <HelpCircle className="size-5!" />
        <span className="hidden md:inline">{t("Help")}</span>
      </Button>
      <MountOnceOpened opened={open}>
        <HelpDialog open={open} onOpenChange={setOpen} />
      </MountOnceOpened>
    </>
  );
}
