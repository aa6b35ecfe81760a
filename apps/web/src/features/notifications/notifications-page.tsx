import { useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  Bell,
  BadgeCheck,
  CheckCheck,
  CircleCheck,
  CircleX,
  Headset,
  MessageCircle,
  MessageSquareWarning,
  MessagesSquare,
  RefreshCw,
  Settings2,
  Store,
  Tags,
  type LucideIcon,
} from "lucide-react";
import { toast } from "@/ui/toast";
import { useTranslation } from "@/i18n/use-translation";
import { NOTIFICATION_TYPE_LABELS, type Notification, type NotificationType } from "@p2p/shared";
import { cn } from "@/lib/cn";
import { formatAge } from "@/features/orders/format";
import { translateServerText } from "@/i18n/server-text";
import { Button } from "@/ui/button";
import { Card } from "@/ui/card";
import { EmptyState } from "@/ui/empty-state";
import { PageHeader } from "@/ui/page-header";
import { Pager } from "@/ui/pager";
import { Skeleton } from "@/ui/skeleton";
import { noticeDetailsText } from "./notice-details";
import { NOTIFICATION_PAGE_SIZE, useMarkNotificationsRead, useNotifications } from "./queries";

const TYPE_ICON: Record<NotificationType, { icon: LucideIcon; tone: string }> = {
  new_message: { icon: MessageCircle, tone: "bg-primary/10 text-primary" },
  group_new_message: { icon: MessagesSquare, tone: "bg-primary/10 text-primary" },
  order_update: { icon: RefreshCw, tone: "bg-sky-500/10 text-sky-600 dark:text-sky-400" },
  order_completed: { icon: CircleCheck, tone: "bg-emerald-500/10 text-emerald-600 dark:text-emerald-400" },
  order_cancelled: { icon: CircleX, tone: "bg-destructive/10 text-destructive" },
  live_chat_request: { icon: Headset, tone: "bg-violet-500/10 text-violet-600 dark:text-violet-400" },
  admin_feedback: { icon: MessageSquareWarning, tone: "bg-amber-500/10 text-amber-700 dark:text-amber-400" },
  merchant_application: { icon: BadgeCheck, tone: "bg-amber-500/10 text-amber-700 dark:text-amber-400" },
  price_update: { icon: Tags, tone: "bg-sky-500/10 text-sky-600 dark:text-sky-400" },
  new_open_request: { icon: Store, tone: "bg-emerald-500/10 text-emerald-600 dark:text-emerald-400" },
};

function targetOf(n: Notification): string | null {
  if (n.type === "new_message") return n.order_id ? `/chat/${n.order_id}` : "/live-chat";
  if (n.type === "group_new_message") return "/merchant-group-chat";
  if (n.type === "live_chat_request") return "/live-chat";
  // The request is the merchant's to take, not yet an order of theirs.
  if (n.type === "new_open_request") return "/marketplace";
  if (n.order_id) return `/order/${n.order_id}`;
  if (n.type === "price_update") return "/price";
  return null;
}

export default function NotificationsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useNotifications(page);
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const unread = list.data?.unread ?? 0;

  const open = (n: Notification) => {
    if (!n.is_read) markRead.mutate([n.id]);
    const to = targetOf(n);
    if (to) void navigate(to);
  };

  const markAll = () =>
    markRead.mutate(null, {
      onSuccess: (d) => toast.success(t("{{count}} notifications marked as read", { count: d.updated })),
      onError: (err) => toast.error(translateServerText(err.message)),
    });

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        title={t("Notifications")}
        description={unread > 0 ? t("{{count}} unread", { count: unread }) : t("Trade updates, messages and announcements.")}
        action={
          <div className="flex flex-wrap gap-2">
            <Button variant="ghost" size="sm" asChild>
              <Link to="/settings#notifications">
                <Settings2 aria-hidden />
                {t("Delivery settings")}
              </Link>
            </Button>
            <Button variant="outline" size="sm" onClick={markAll} disabled={unread === 0 || markRead.isPending}>
              <CheckCheck aria-hidden />
              {t("Mark all as read")}
            </Button>
          </div>
        }
      />
      <Card className="overflow-hidden p-0">
        {list.isPending ? (
          <ul className="divide-y">
            {Array.from({ length: 5 }, (_, i) => (
              <li key={i} className="flex gap-3 p-4">
                <Skeleton className="size-9 rounded-full" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-3/4" />
                </div>
              </li>
            ))}
          </ul>
        ) : list.isError ? (
          <EmptyState
            icon={<Bell />}
            title={t("Could not load notifications")}
            description={translateServerText(list.error.message)}
            action={
              <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
                {t("Try again")}
              </Button>
            }
          />
        ) : list.data.notifications.length === 0 ? (
          <EmptyState
            icon={<Bell />}
            title={t("You're all caught up")}
            description={t("Order updates, new messages and price changes of coins you watch will appear here.")}
          />
        ) : (
          <ul className="divide-y">
            {list.data.notifications.map((n) => {
              const meta = TYPE_ICON[n.type] ?? TYPE_ICON.order_update;
              const Icon = meta.icon;
              return (
                <li key={n.id}>
                  <button
                    type="button"
                    onClick={() => open(n)}
                    className={cn(
                      "flex w-full gap-3 p-4 text-start transition-colors hover:bg-accent/50 focus-visible:bg-accent/50 focus-visible:outline-none",
                      !n.is_read && "bg-primary/[0.04]",
                    )}
                  >
                    <span className={cn("flex size-9 shrink-0 items-center justify-center rounded-full", meta.tone)}>
                      <Icon className="size-4" aria-hidden />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-start gap-2">
                        <span className={cn("min-w-0 flex-1 break-words text-sm", n.is_read ? "font-medium text-muted-foreground" : "font-semibold")}>
                          {translateServerText(n.title)}
                        </span>
                        {!n.is_read && <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-label={t("Unread")} />}
                      </span>
                      <span className="mt-0.5 block whitespace-pre-wrap break-words text-sm text-muted-foreground [overflow-wrap:anywhere]">
                        {translateServerText(n.message)}
                      </span>
                      {n.details && (
                        <span className="mt-0.5 block break-words text-sm font-medium tabular [overflow-wrap:anywhere]">
                          {noticeDetailsText(n.details)}
                        </span>
                      )}
                      <span className="mt-1 block text-xs text-muted-foreground">
                        {NOTIFICATION_TYPE_LABELS[n.type] && `${t(NOTIFICATION_TYPE_LABELS[n.type].label)} · `}
                        {formatAge(n.created_at)}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
      {list.data && (
        <Pager page={page} pageSize={NOTIFICATION_PAGE_SIZE} total={list.data.total} onPageChange={setPage} busy={list.isPlaceholderData} />
      )}
    </div>
  );
}
