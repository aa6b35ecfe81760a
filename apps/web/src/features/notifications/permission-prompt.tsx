import { useState } from "react";
import { BellRing, X } from "lucide-react";
import { toast } from "@/ui/toast";
import { useTranslation } from "@/i18n/use-translation";
import { Trans } from "@/i18n/trans";
import { MESSAGES } from "@p2p/shared";
import { Button } from "@/ui/button";

const DISMISSED_KEY = "notification-prompt-dismissed";

function shouldAsk(): boolean {
  if (typeof window === "undefined" || !("Notification" in window)) return false;
  if (Notification.permission !== "default") return false;
  try {
    return localStorage.getItem(DISMISSED_KEY) !== "1";
  } catch {
    return true;
  }
}

/** Asks for browser notifications once, from a user gesture, while the permission is still 'default'. */
export function NotificationPermissionPrompt() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(shouldAsk);
  if (!visible) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      /* ignore */
    }
    setVisible(false);
  };

  const enable = async () => {
    dismiss();
    try {
      const result = await Notification.requestPermission();
      if (result === "granted") toast.success(t(MESSAGES.notificationsEnabledTitle), { description: t(MESSAGES.notificationsEnabledBody) });
    } catch {
      /* unsupported */
    }
  };

  return (
    <div role="region" aria-label={t("Notifications")} className="mb-4 flex items-center gap-3 rounded-lg border bg-card p-3 text-sm shadow-sm">
      <BellRing className="size-5 shrink-0 text-primary" aria-hidden />
      <p className="min-w-0 flex-1 text-muted-foreground">
        <Trans
          i18nKey="<b>Stay in the loop.</b> Get a notification when a trade moves or a message arrives."
          components={{ b: <span className="font-medium text-foreground" /> }}
        />
      </p>
      <Button size="sm" onClick={() => void enable()}>
        {t("Enable")}
      </Button>
      <Button size="icon" variant="ghost" className="size-8" onClick={dismiss} aria-label={t("Not now")}>
        <X aria-hidden />
      </Button>
    </div>
  );
}
