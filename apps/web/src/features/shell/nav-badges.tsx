import { formatBadgeCount } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { useDashboardSummary } from "@/features/dashboard/queries";
import type { BadgeCounts, BadgeKey } from "./navigation";

/**
 * The live counters behind nav badges. Pending orders come from the dashboard summary
 * (spec §6: by merchant_id for merchants, creator_id for others). Unread notifications,
 * unread messages and merchant group chat arrive with realtime; until then they stay absent.
 */
export function useNavBadges(): BadgeCounts {
  const summary = useDashboardSummary();
  return { pendingOrders: summary.data?.active_orders };
}

const BADGE_SUFFIX: Record<BadgeKey, string> = {
  pendingOrders: "pending",
  notifications: "unread",
  messages: "unread",
  groupChat: "new",
};

/** A small count pill; renders nothing for zero or unknown counts. */
export function CountBadge({
  counts,
  badge,
  className,
}: {
  counts: BadgeCounts;
  badge?: BadgeKey;
  className?: string;
}) {
  const count = badge ? counts[badge] : undefined;
  if (!count) return null;
  return (
    <span
      className={cn(
        "inline-flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] font-semibold leading-none text-destructive-foreground tabular",
        className,
      )}
    >
      {formatBadgeCount(count)}
      <span className="sr-only"> {BADGE_SUFFIX[badge!]}</span>
    </span>
  );
}
