import { useEffect, useRef, useState } from "react";
import { toast } from "@/ui/toast";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { AlertCircle, CheckCircle2, Link2, Loader2, RotateCw, Unlink } from "lucide-react";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Skeleton } from "@/ui/skeleton";
import { TelegramIcon } from "@/features/shell/social-links";
import { TelegramDialog } from "@/features/dashboard/telegram-dialog";
import { useAuthProviders } from "@/features/auth/queries";
import { showDateTime } from "@/i18n/format";
import { translateServerText } from "@/i18n/server-text";
import { useTelegramStatus } from "@/features/notifications/queries";
import { useTelegramUnlinkMutation } from "@/features/notifications/mutations";

/** The linked Telegram chat (DESIGN §4): its status, unlinking, and linking through the bot's one-time link. */
export function TelegramSection() {
  const { t } = useTranslation();
  const providers = useAuthProviders();
  const [linking, setLinking] = useState(false);
  const status = useTelegramStatus({ poll: linking });
  const [confirming, setConfirming] = useState(false);
  const unlink = useTelegramUnlinkMutation();

  // The link is made in Telegram: once the bot confirms it, say so and close the dialog.
  const wasLinked = useRef<boolean | null>(null);
  const linked = status.data?.linked ?? null;
  useEffect(() => {
    if (linked === null) return;
    if (wasLinked.current === false && linked) {
      toast.success(t("Telegram linked"), { description: t("Your notifications will now reach you on Telegram.") });
      setLinking(false);
    }
    wasLinked.current = linked;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the toast is for the moment the link arrives, not for a language change
  }, [linked]);

  const doUnlink = () =>
    unlink.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t("Telegram unlinked"), { description: t("The bot will send you no more notifications.") });
      },
      onError: (err) => toast.error(t("Could not unlink Telegram"), { description: translateServerText(err.message) }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TelegramIcon className="size-5 text-sky-600 dark:text-sky-400" />
          Telegram
        </CardTitle>
        <CardDescription>{t("Get your notifications from the NaijaP2P bot, even when the app is closed.")}</CardDescription>
      </CardHeader>
      <CardContent>
        {status.isPending || providers.isPending ? (
          <Skeleton className="h-16 w-full" aria-label={t("Loading Telegram status")} />
        ) : status.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm">
            <p className="flex items-center gap-2 font-medium text-destructive">
              <AlertCircle className="size-4" aria-hidden />
              {t("We couldn't check your Telegram link.")}
            </p>
            <Button size="sm" variant="outline" onClick={() => void status.refetch()} disabled={status.isFetching}>
              <RotateCw className={status.isFetching ? "animate-spin" : undefined} />
              {t("Try again")}
            </Button>
          </div>
        ) : status.data.linked ? (
          <div className="flex flex-col gap-4 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex min-w-0 items-start gap-3">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
              <div className="min-w-0 text-sm">
                <p className="font-medium">
                  {status.data.username ? (
                    <Trans
                      i18nKey="Linked to <b>@{{username}}</b>"
                      values={{ username: status.data.username }}
                      components={{ b: <span className="break-all" /> }}
                    />
                  ) : (
                    t("Linked to your Telegram chat")
                  )}
                </p>
                {status.data.linked_at && (
                  <p className="text-muted-foreground">{t("Linked since {{date}}", { date: showDateTime(status.data.linked_at) })}</p>
                )}
              </div>
            </div>
            <Button variant="outline" onClick={() => setConfirming(true)} className="h-auto min-h-11 whitespace-normal sm:min-h-10 w-full sm:w-auto">
              <Unlink />
              {t("Unlink")}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-4 rounded-lg border border-dashed p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">
              {providers.data?.telegram
                ? t("Not linked. Link your Telegram to get notifications from the bot.")
                : t("The Telegram bot is not configured on this server, so it can't be linked right now.")}
            </p>
            {providers.data?.telegram && (
              <Button onClick={() => setLinking(true)} className="h-auto min-h-11 whitespace-normal sm:min-h-10 w-full sm:w-auto">
                <Link2 />
                {t("Link Telegram")}
              </Button>
            )}
          </div>
        )}
      </CardContent>

      <TelegramDialog open={linking} onOpenChange={setLinking} />

      <Dialog open={confirming} onOpenChange={(open) => !unlink.isPending && setConfirming(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("Unlink Telegram?")}</DialogTitle>
            <DialogDescription>{t("The bot will stop sending you notifications. You can link again at any time with a new link.")}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={unlink.isPending}>
              {t("Cancel")}
            </Button>
            <Button variant="destructive" onClick={doUnlink} disabled={unlink.isPending}>
              {unlink.isPending && <Loader2 className="animate-spin" />}
              {t("Unlink")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
