import { Link } from "react-router";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { Clock, PlayCircle } from "lucide-react";
import { Badge } from "@/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs";
import { FAQ, TRADE_STEPS, TYPICAL_TRADE_TIME, VIDEO_TUTORIALS } from "@/features/static-pages/help-content";

/** The Help dialog: guide, video tutorials, FAQ (loaded when first opened: `HelpButton`). */
export function HelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl gap-3 sm:p-6">
        <DialogHeader>
          <DialogTitle>{t("How can we help?")}</DialogTitle>
          <DialogDescription>
            {t(TYPICAL_TRADE_TIME)} {t("Here's how a trade works, step by step.")}
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="guide">
          <TabsList className="h-auto">
            <TabsTrigger value="guide" className="whitespace-normal py-1.5 text-xs sm:text-sm">
              {t("Step-by-Step Guide")}
            </TabsTrigger>
            <TabsTrigger value="videos" className="whitespace-normal py-1.5 text-xs sm:text-sm">
              {t("Video Tutorials")}
            </TabsTrigger>
            <TabsTrigger value="faq" className="whitespace-normal py-1.5 text-xs sm:text-sm">
              {t("FAQ")}
            </TabsTrigger>
          </TabsList>

          <TabsContent value="guide">
            <ol className="grid gap-4">
              {TRADE_STEPS.map((step, index) => (
                <li key={step.title} className="flex gap-3">
                  <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/12 text-sm font-semibold text-primary">
                    {index + 1}
                  </span>
                  <div>
                    <p className="text-sm font-semibold">{t(step.title)}</p>
                    <p className="mt-0.5 text-sm text-muted-foreground">{t(step.body)}</p>
                  </div>
                </li>
              ))}
            </ol>
          </TabsContent>

          <TabsContent value="videos">
            <ul className="grid gap-3 sm:grid-cols-2">
              {VIDEO_TUTORIALS.map((video) => (
                <li key={video.title} className="overflow-hidden rounded-lg border">
                  <div className="relative flex aspect-video items-center justify-center bg-gradient-to-br from-primary/20 via-muted to-muted">
                    <PlayCircle className="size-10 text-primary/70" aria-hidden />
                    <span className="absolute bottom-2 end-2 inline-flex items-center gap-1 rounded bg-black/70 px-1.5 py-0.5 text-[0.6875rem] font-medium text-white tabular">
                      <Clock className="size-3" aria-hidden />
                      {video.duration}
                    </span>
                  </div>
                  <div className="flex items-start justify-between gap-2 p-3">
                    <p className="min-w-0 text-sm font-medium">{t(video.title)}</p>
                    <Badge variant="muted" className="shrink-0">
                      {t("Coming soon")}
                    </Badge>
                  </div>
                </li>
              ))}
            </ul>
          </TabsContent>

          <TabsContent value="faq">
            <div className="divide-y rounded-lg border">
              {FAQ.map((item) => (
                <details key={item.q} className="group px-4 py-3 [&_summary::-webkit-details-marker]:hidden">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-3 text-sm font-medium">
                    {t(item.q)}
                    <span aria-hidden className="text-lg leading-none text-muted-foreground transition-transform group-open:rotate-45">
                      +
                    </span>
                  </summary>
                  <p className="mt-2 text-sm text-muted-foreground">{t(item.a)}</p>
                </details>
              ))}
            </div>
          </TabsContent>
        </Tabs>
        <p className="text-sm text-muted-foreground">
          <Trans
            i18nKey="Still stuck? <a>Visit the Help Center</a> or submit a complaint from your dashboard."
            components={{ a: <Link to="/help" className="font-medium text-primary underline-offset-4 hover:underline" /> }}
          />
        </p>
      </DialogContent>
    </Dialog>
  );
}
