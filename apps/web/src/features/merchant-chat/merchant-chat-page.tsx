import { useMemo } from "react";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/ui/toast";
import { useTranslation } from "@/i18n/use-translation";
import { MessagesSquare } from "lucide-react";
import { REALTIME_EVENTS, type MerchantChatMessage, type Role, MERCHANTS_TOPIC } from "@p2p/shared";
import { api, isApiError } from "@/lib/api";
import { translateServerText } from "@/i18n/server-text";
import { useSession } from "@/features/auth/queries";
import { MerchantsOnlyCard } from "@/features/merchant-application/merchants-only-card";
import { PageHeader } from "@/ui/page-header";
import { useReadMark } from "@/features/badges/queries";
import { useRealtimeStatus, useRealtimeTopic } from "@/features/realtime/realtime-context";
import { ChatView, type ChatLine } from "@/features/chat/chat-view";
import { appendToHistory, CHAT_FALLBACK_POLL_MS, chatKeys, flattenHistory } from "@/features/chat/queries";

type Page = { messages: MerchantChatMessage[]; has_more: boolean };

function MerchantChat() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { data: me } = useSession();
  const live = useRealtimeStatus() === "open";
  const history = useInfiniteQuery({
    queryKey: chatKeys.merchantMessages,
    queryFn: ({ pageParam, signal }) => api<Page>(`/api/merchant-chat/messages?limit=50${pageParam ? `&before=${pageParam}` : ""}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more ? last.messages[0]?.id : undefined),
    refetchInterval: live ? false : CHAT_FALLBACK_POLL_MS,
  });

  // The newest message shown (while the tab is visible) is this merchant's read mark, on every device.
  const onSeen = useReadMark("/api/merchant-chat/read");

  useRealtimeTopic(MERCHANTS_TOPIC, (e) => {
    if (e.event !== REALTIME_EVENTS.merchantChatMessage) return;
    appendToHistory(qc, chatKeys.merchantMessages, e.payload);
  });

  const lines: ChatLine[] = useMemo(
    () =>
      flattenHistory(history.data).map((m) => ({
        id: m.id,
        kind: "text",
        mine: m.sender_id === me?.id,
        sender: m.sender_role === "admin" ? t("{{username}} · Admin", { username: m.sender_username }) : m.sender_username,
        text: m.content,
        created_at: m.created_at,
      })),
    [history.data, me?.id, t],
  );

  const onSend = async (content: string) => {
    try {
      const { message } = await api<{ message: MerchantChatMessage }>("/api/merchant-chat/messages", { body: { content } });
      appendToHistory(qc, chatKeys.merchantMessages, message);
    } catch (err) {
      toast.error(isApiError(err) ? translateServerText(err.message) : t("Could not send the message."));
      throw err;
    }
  };

  return (
    <ChatView
      header={
        <div className="flex items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <MessagesSquare className="size-4" aria-hidden />
          </span>
          <div className="min-w-0">
            <h1 className="truncate text-sm font-semibold">{t("Merchant Group Chat")}</h1>
            <p className="truncate text-xs text-muted-foreground">{t("Every merchant on NaijaP2P, and the admins")}</p>
          </div>
        </div>
      }
      lines={lines}
      onSeen={onSeen}
      loading={history.isPending}
      error={history.error ? translateServerText(history.error.message) : undefined}
      hasMore={history.hasNextPage}
      loadingOlder={history.isFetchingNextPage}
      onLoadOlder={() => void history.fetchNextPage()}
      onSend={onSend}
      emptyText={t("No messages yet. Start the conversation with other merchants.")}
    />
  );
}

export default function MerchantChatPage() {
  const { t } = useTranslation();
  const { data: me } = useSession();
  const allowed: Role[] = ["merchant", "admin"];
  if (me && !allowed.includes(me.role)) {
    return (
      <div className="flex flex-col gap-5 sm:gap-6">
        <PageHeader title={t("Merchant Group Chat")} />
        <MerchantsOnlyCard
          icon={<MessagesSquare />}
          title={t("For merchants only")}
          description={t("The merchant group chat is where verified merchants talk to each other. Become a merchant to join it.")}
        />
      </div>
    );
  }
  return <MerchantChat />;
}
