import { useTranslation } from "@/i18n/use-translation";
import { Star } from "lucide-react";
import { toast } from "@/ui/toast";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { translateServerText } from "@/i18n/server-text";
import { useWatchCoinMutation } from "./mutations";

/** Star toggle: watchers get a price_update notification whenever a merchant changes this coin's price. */
export function WatchButton({ symbol, watched, compact }: { symbol: string; watched: boolean; compact?: boolean }) {
  const { t } = useTranslation();
  const watch = useWatchCoinMutation();
  const toggle = () =>
    watch.mutate(
      { symbol, watch: !watched },
      {
        onSuccess: (_data, vars) =>
          toast.success(vars.watch ? t("Watching {{coin}}", { coin: symbol }) : t("Stopped watching {{coin}}", { coin: symbol }), {
            description: vars.watch ? t("We'll notify you when a merchant changes its price.") : undefined,
          }),
        onError: (err) => toast.error(t("Could not update your {{coin}} watch", { coin: symbol }), { description: translateServerText(err.message) }),
      },
    );

  return (
    <Button
      type="button"
      variant={watched ? "secondary" : "outline"}
      size={compact ? "icon" : "sm"}
      className={cn(compact && "size-11", watched && "text-amber-700 dark:text-amber-400")}
      aria-pressed={watched}
      aria-label={watched ? t("Stop watching {{coin}}", { coin: symbol }) : t("Watch {{coin}} for price changes", { coin: symbol })}
      title={watched ? t("Watching: you get price-change notifications") : t("Watch for price changes")}
      onClick={toggle}
    >
      <Star className={cn(watched && "fill-current")} aria-hidden />
      {!compact && (watched ? t("Watching") : t("Watch"))}
    </Button>
  );
}
