import { useTranslation } from "react-i18next";
import { formatBadgeCount, msg } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { useDashboardSummary } from "@/features/dashboard/queries";
import { useSession } from "@/features/auth/queries";
import { useGroupChatUnseen, useUnreadCounts } from "@/features/notifications/queries";
import type { BadgeCounts, BadgeKey } from "./navigation";

/**
 * The live counters behind nav badges. Pending orders come from the dashboard summary
 * (spec §6: by merchant_id for merchants, creator_id for others). Unread notifications and
 * messages come from /api/notifications/unread-counts, the merchant group chat from its unseen
 * count; realtime events keep all of them live.
 */
export function useNavBadges(): BadgeCounts {
  const summary = useDashboardSummary();
  const { data: user } = useSession();
  const unread = useUnreadCounts(!!user);
  const isMerchant = user?.role === "merchant" || user?.role === "admin";
  const group = useGroupChatUnseen(!!user && isMerchant);
  return {
    pendingOrders: summary.data?.active_orders,
    notifications: unread.data?.notifications,
    messages: unread.data?.messages,
    groupChat: isMerchant ? group.data?.unseen : undefined,
  };
}

const BADGE_SUFFIX: Record<BadgeKey, string> = {
  pendingOrders: msg("pending"),
  notifications: msg("unread"),
  messages: msg("unread"),
  groupChat: msg("new"),
};

/** A small count pill; renders nothing for zero or unknown counts. */
export function CountBadge({ counts, badge, className }: { counts: BadgeCounts; badge?: BadgeKey; className?: string }) {
  const { t } = useTranslation();
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
      <span className="sr-only"> {t(BADGE_SUFFIX[badge!])}</span>
    </span>
  );
}
