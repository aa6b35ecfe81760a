import { useTranslation } from "@/i18n/use-translation";
import { formatBadgeCount, msg } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { useSession } from "@/features/auth/queries";
import { useBadges } from "@/features/badges/queries";
import type { BadgeCounts, BadgeKey } from "./navigation";

/**
 * The counters behind nav badges, all from GET /api/badges (one cache entry, kept live by the
 * realtime provider): pending orders (spec §6), unread notifications, messages (the chat list's
 * order chats plus the live chat) and the merchants' group chat.
 */
export function useNavBadges(): BadgeCounts {
  const { data: user } = useSession();
  const badges = useBadges(!!user).data;
  return {
    pendingOrders: badges?.pending_orders,
    notifications: badges?.notifications,
    messages: badges?.messages,
    groupChat: badges?.merchant_chat,
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
