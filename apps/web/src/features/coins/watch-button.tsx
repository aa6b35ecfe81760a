import { Star } from "lucide-react";
import { toast } from "sonner";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { useWatchCoinMutation } from "./mutations";

/** Star toggle: watchers get a price_update notification whenever a merchant changes this coin's price. */
export function WatchButton({ symbol, watched, compact }: { symbol: string; watched: boolean; compact?: boolean }) {
  const watch = useWatchCoinMutation();
  const toggle = () =>
    watch.mutate(
      { symbol, watch: !watched },
      {
        onSuccess: (_data, vars) =>
          toast.success(vars.watch ? `Watching ${symbol}` : `Stopped watching ${symbol}`, {
            description: vars.watch ? "We'll notify you when a merchant changes its price." : undefined,
          }),
        onError: (err) => toast.error(`Could not update your ${symbol} watch`, { description: err.message }),
      },
    );

  return (
    <Button
      type="button"
      variant={watched ? "secondary" : "outline"}
      size={compact ? "icon" : "sm"}
      className={cn(compact && "size-9", watched && "text-amber-700 dark:text-amber-400")}
      aria-pressed={watched}
      aria-label={watched ? `Stop watching ${symbol}` : `Watch ${symbol} for price changes`}
      title={watched ? "Watching: you get price-change notifications" : "Watch for price changes"}
      onClick={toggle}
    >
      <Star className={cn(watched && "fill-current")} aria-hidden />
      {!compact && (watched ? "Watching" : "Watch")}
    </Button>
  );
}
