import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { BellRing, ExternalLink, Info, Loader2, MessageSquareText, ShieldAlert } from "lucide-react";
import { msg } from "@p2p/shared";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Skeleton } from "@/ui/skeleton";
import { TelegramIcon } from "@/features/shell/social-links";
import { translateServerText } from "@/i18n/server-text";
import { useAuthProviders } from "@/features/auth/queries";
import { useTelegramLinkMutation } from "./queries";

const BENEFITS = [
  { icon: BellRing, text: msg("Order updates the moment a merchant accepts, pays or releases") },
  { icon: MessageSquareText, text: msg("New chat messages from your trade partner") },
  { icon: ShieldAlert, text: msg("Security alerts and answers to your complaints and appeals") },
];

/** Join Telegram Bot: a one-time link that connects this account to the bot (DESIGN §4). */
export function TelegramDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const providers = useAuthProviders();
  const link = useTelegramLinkMutation();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) link.reset();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <span className="mb-2 inline-flex size-11 items-center justify-center rounded-xl bg-sky-500/12 text-sky-600 dark:text-sky-400">
            <TelegramIcon className="size-5" />
          </span>
          <DialogTitle>{t("Join Telegram Bot")}</DialogTitle>
          <DialogDescription>{t("Get your NaijaP2P notifications on Telegram, even when the app is closed.")}</DialogDescription>
        </DialogHeader>

        <ul className="grid gap-3">
          {BENEFITS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3 text-sm">
              <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              {t(text)}
            </li>
          ))}
        </ul>

        {providers.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : providers.isError || !providers.data.telegram ? (
          <div role="note" className="flex gap-3 rounded-lg border bg-muted/50 p-3 text-sm">
            <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <p>
              {providers.isError
                ? t("We couldn't check the Telegram bot right now. Please try again in a moment.")
                : t(
                    "The Telegram bot is not configured yet on this server, so it can't be linked right now. You'll still get every notification inside the app.",
                  )}
            </p>
          </div>
        ) : link.data ? (
          <p className="rounded-lg border bg-muted/50 p-3 text-sm">
            <Trans
              i18nKey="Your personal link is ready. Open it, tap <strong>Start</strong> in Telegram, and the bot will confirm the link. Send <code>/stop</code> to the bot at any time to unlink."
              components={{ strong: <strong />, code: <code className="rounded bg-background px-1" /> }}
            />
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            {t("We'll create a one-time link for your account. It only works for you and expires after first use.")}
          </p>
        )}

        <DialogFooter>
          <Button variant="outline" className="h-11 sm:h-10" onClick={() => onOpenChange(false)}>
            {t("Close")}
          </Button>
          {providers.data?.telegram &&
            (link.data ? (
              <Button asChild className="h-11 sm:h-10">
                <a href={link.data.url} target="_blank" rel="noopener noreferrer">
                  {t("Open Telegram Bot")}
                  <ExternalLink />
                </a>
              </Button>
            ) : (
              <Button className="h-11 sm:h-10" onClick={() => link.mutate()} disabled={link.isPending}>
                {link.isPending && <Loader2 className="animate-spin" />}
                {t("Get my Telegram link")}
              </Button>
            ))}
        </DialogFooter>
        {link.isError && (
          <p role="alert" className="-mt-2 text-sm text-destructive">
            {translateServerText(link.error.message)}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
