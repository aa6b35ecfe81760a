import { useState } from "react";
import { Link } from "react-router";
import { Headset, MessageCircle } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { formatBadgeCount, type ChatListResponse, type OrderStatus } from "@p2p/shared";
import { translateServerText } from "@/i18n/server-text";
import { useSession } from "@/features/auth/queries";
import { formatAgeShort } from "@/features/orders/format";
import { OrderStatusBadge } from "@/features/orders/status-badge";
import { useRealtimeStatus } from "@/features/realtime/realtime-context";
import { Card } from "@/ui/card";
import { EmptyState } from "@/ui/empty-state";
import { PageHeader } from "@/ui/page-header";
import { Pager } from "@/ui/pager";
import { Skeleton } from "@/ui/skeleton";
import { Button } from "@/ui/button";
import { UserAvatar } from "@/features/shell/user-avatar";
import { CHAT_FALLBACK_POLL_MS, CHAT_LIST_PAGE_SIZE, useChatList } from "./queries";

/** The last message in a line: a notice in the reader's language, a photo by name, the caller's own marked "You". */
function usePreview() {
  const { t } = useTranslation();
  return (last: ChatListResponse["chats"][number]["last_message"], myId: string | undefined): string => {
    if (!last) return t("No messages yet");
    if (last.kind === "system") return translateServerText(last.content);
    const text = last.kind === "image" ? (last.content ? t("Photo: {{caption}}", { caption: last.content }) : t("Photo")) : last.content;
    return last.sender_id === myId ? t("You: {{message}}", { message: text }) : text;
  };
}

export default function ChatListPage() {
  const { t } = useTranslation();
  const preview = usePreview();
  const [page, setPage] = useState(1);
  const live = useRealtimeStatus() === "open";
  const { data: me } = useSession();
  const chats = useChatList(page, live ? 60_000 : CHAT_FALLBACK_POLL_MS);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title={t("Messages")} description={t("The chat of each of your orders, latest activity first.")} />
      <Card className="overflow-hidden p-0">
        {chats.isPending ? (
          <ul className="divide-y">
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i} className="flex items-center gap-3 p-4">
                <Skeleton className="size-10 rounded-full" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-4 w-1/3" />
                  <Skeleton className="h-3 w-2/3" />
                </div>
              </li>
            ))}
          </ul>
        ) : chats.isError ? (
          <EmptyState
            icon={<MessageCircle />}
            title={t("Could not load your chats")}
            description={translateServerText(chats.error.message)}
            action={
              <Button variant="outline" size="sm" onClick={() => void chats.refetch()}>
                {t("Try again")}
              </Button>
            }
          />
        ) : chats.data.chats.length === 0 && !chats.data.live_chat ? (
          <EmptyState
            icon={<MessageCircle />}
            title={t("No chats yet")}
            description={t("Every order has its own chat with the other party. Start a trade and it will show up here.")}
            action={
              <Button asChild size="sm">
                <Link to={me?.role === "merchant" ? "/marketplace" : "/trade-merchants"}>{t("Start a trade")}</Link>
              </Button>
            }
          />
        ) : (
          <ul className="divide-y">
            {chats.data.live_chat && <SupportChatRow chat={chats.data.live_chat} />}
            {chats.data.chats.map((chat) => {
              const name = chat.counterpart?.username ?? t("Waiting for a merchant");
              const last = chat.last_message;
              return (
                <li key={chat.order_id}>
                  <Link
                    to={`/chat/${chat.order_id}`}
                    className="flex items-center gap-3 p-4 transition-colors hover:bg-accent/50 focus-visible:bg-accent/50 focus-visible:outline-none"
                  >
                    <UserAvatar name={name} className="size-10 shrink-0 text-sm" />
                    <div className="min-w-0 flex-1">
                      <div className="flex items-center gap-2">
                        <p className={chat.unread ? "truncate font-semibold" : "truncate font-medium"}>{name}</p>
                        <span className="shrink-0 text-xs text-muted-foreground">{chat.coin}</span>
                        <span className="ms-auto shrink-0 text-xs text-muted-foreground">{last ? formatAgeShort(last.created_at) : null}</span>
                      </div>
                      <div className="mt-0.5 flex items-center gap-2">
                        <p className={chat.unread ? "truncate text-sm text-foreground" : "truncate text-sm text-muted-foreground"}>
                          {preview(last, me?.id)}
                        </p>
                        <span className="ms-auto flex shrink-0 items-center gap-2">
                          <OrderStatusBadge status={chat.status as OrderStatus} className="hidden min-[400px]:inline-flex" />
                          <UnreadPill count={chat.unread} />
                        </span>
                      </div>
                    </div>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
      {chats.data && (
        <Pager page={page} pageSize={CHAT_LIST_PAGE_SIZE} total={chats.data.total} onPageChange={setPage} busy={chats.isPlaceholderData} />
      )}
    </div>
  );
}

/** A chat's unread count, as the Messages badge adds it up. */
function UnreadPill({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-[0.6875rem] font-semibold text-primary-foreground tabular">
      {formatBadgeCount(count)}
      <span className="sr-only"> {t("unread")}</span>
    </span>
  );
}

/** The caller's open live chat with support, above the order chats; its unread replies count in the Messages badge. */
function SupportChatRow({ chat }: { chat: NonNullable<ChatListResponse["live_chat"]> }) {
  const { t } = useTranslation();
  const { session, unread } = chat;
  return (
    <li>
      <Link
        to="/live-chat"
        className="flex items-center gap-3 p-4 transition-colors hover:bg-accent/50 focus-visible:bg-accent/50 focus-visible:outline-none"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Headset className="size-4" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <p className={unread ? "truncate font-semibold" : "truncate font-medium"}>{t("NaijaP2P Support")}</p>
            <span className="ms-auto shrink-0 text-xs text-muted-foreground">
              {session.last_message_at ? formatAgeShort(session.last_message_at) : null}
            </span>
          </div>
          <div className="mt-0.5 flex items-center gap-2">
            <p className={unread ? "truncate text-sm text-foreground" : "truncate text-sm text-muted-foreground"}>{session.last_message ?? ""}</p>
            <span className="ms-auto flex shrink-0 items-center gap-2">
              <UnreadPill count={unread} />
            </span>
          </div>
        </div>
      </Link>
    </li>
  );
}
