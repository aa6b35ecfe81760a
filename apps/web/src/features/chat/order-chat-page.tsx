import { useCallback, useMemo } from "react";
import { Link, useParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/ui/toast";
import { useTranslation } from "@/i18n/use-translation";
import { ArrowLeft, ChevronRight } from "lucide-react";
import { REALTIME_EVENTS, type ChatMessage, orderTopic } from "@p2p/shared";
import { translateServerText } from "@/i18n/server-text";
import { isApiError } from "@/lib/api";
import { useSession } from "@/features/auth/queries";
import { useOrder } from "@/features/orders/queries";
import { OrderStatusBadge } from "@/features/orders/status-badge";
import { SIDE_HEADLINE, viewerOf } from "@/features/orders/viewer";
import { newIdempotencyKey } from "@/lib/idempotency";
import { useReadMark } from "@/features/badges/queries";
import { useRealtimeStatus, useRealtimeTopic } from "@/features/realtime/realtime-context";
import { Button } from "@/ui/button";
import { ChatView, type ChatLine } from "./chat-view";
import { appendToHistory, applyReadReceipt, CHAT_FALLBACK_POLL_MS, chatKeys, flattenHistory, sendOrderMessage, useOrderChatHistory } from "./queries";
import { useTypingIndicator, useTypingSender } from "./typing";
import { sendMayBeRetried, useChatOutbox } from "./use-chat-outbox";
import { uploadImage } from "@/features/uploads/upload-image";
import { showCoin, showNaira } from "@/i18n/format";

export default function OrderChatPage() {
  const { t } = useTranslation();
  const { orderId = "" } = useParams();
  const id = orderId.toLowerCase();
  const qc = useQueryClient();
  const { data: me } = useSession();
  const live = useRealtimeStatus() === "open";
  const order = useOrder(id);
  const history = useOrderChatHistory(id, live ? false : CHAT_FALLBACK_POLL_MS);
  const typing = useTypingIndicator();

  useRealtimeTopic(
    orderTopic(id),
    (e) => {
      if (e.event === REALTIME_EVENTS.chatMessage) {
        const m = e.payload;
        appendToHistory(qc, chatKeys.messages(id), m);
        if (m.sender_username) typing.clear(m.sender_username);
      } else if (e.event === REALTIME_EVENTS.chatRead) {
        applyReadReceipt(qc, id, e.payload);
      } else if (e.event === REALTIME_EVENTS.chatTyping) {
        if (e.payload.user_id !== me?.id) typing.show(e.payload.username);
      }
    },
    // A message sent between reading the history and following the chat is read with it again.
    () => void qc.invalidateQueries({ queryKey: chatKeys.messages(id) }),
  );

  const delivered = useCallback(
    (message: ChatMessage) => {
      appendToHistory(qc, chatKeys.messages(id), message);
      void qc.invalidateQueries({ queryKey: chatKeys.lists });
    },
    [id, qc],
  );
  const outbox = useChatOutbox(id, me?.id, delivered);

  const messages = useMemo(() => flattenHistory(history.data), [history.data]);
  const lines: ChatLine[] = useMemo(
    () => [
      ...messages.map((m): ChatLine => ({
        id: m.id,
        kind: m.kind === "system" ? "system" : "text",
        image: m.image,
        mine: m.sender_id !== null && m.sender_id === me?.id,
        sender: m.sender_username,
        // System notices are the server's words: shown in the reader's language.
        text: m.kind === "system" ? translateServerText(m.content) : m.content,
        created_at: m.created_at,
      })),
      // Still on this device: after everything the server has, in the order typed.
      ...outbox.queued.map((q): ChatLine => ({
        id: `queued:${q.key}`,
        kind: "text",
        mine: true,
        sender: null,
        text: q.content,
        created_at: q.created_at,
        queued: { refusal: q.error, onRetry: () => outbox.retry(q.key), onDiscard: () => outbox.discard(q.key) },
      })),
    ],
    // t: system notices are translated here, again when the language changes. The outbox's queue
    // and callbacks are listed, not the outbox object, which is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
    [messages, me?.id, outbox.queued, outbox.retry, outbox.discard, t],
  );

  // The furthest message any other participant has read.
  const reads = useMemo(() => history.data?.pages[0]?.reads ?? [], [history.data]);
  const seenId = useMemo(() => {
    let best = -1;
    for (const r of reads) {
      if (r.user_id === me?.id) continue;
      best = Math.max(
        best,
        messages.findIndex((m) => m.id === r.up_to_id),
      );
    }
    return best >= 0 ? messages[best]!.id : null;
  }, [reads, messages, me?.id]);

  const myRead = reads.find((r) => r.user_id === me?.id)?.up_to_id;
  // The chat list and the notices follow from the read's own events (`badges.changed`, `notifications.read`).
  const onSeen = useReadMark(`/api/orders/${encodeURIComponent(id)}/messages/read`, myRead);

  const sendTyping = useTypingSender(`/api/orders/${encodeURIComponent(id)}/typing`);

  /** Offline, or no answer: the message waits in the outbox (same key) and goes out once back online. */
  const onSend = async (text: string) => {
    const key = newIdempotencyKey();
    if (!navigator.onLine) return outbox.queue(text, key);
    try {
      delivered((await sendOrderMessage(id, { content: text }, key)).message);
    } catch (err) {
      if (sendMayBeRetried(err)) return outbox.queue(text, key);
      toast.error(isApiError(err) ? translateServerText(err.message) : t("Could not send the message."));
      throw err;
    }
  };

  const onSendImage = async (file: File, text: string) => {
    try {
      const upload = await uploadImage(file);
      delivered((await sendOrderMessage(id, { content: text || undefined, upload_id: upload.id }, newIdempotencyKey())).message);
    } catch (err) {
      toast.error(isApiError(err) ? translateServerText(err.message) : t("Could not send the image."));
      throw err;
    }
  };

  const o = order.data;
  const notFound = isApiError(history.error, "NOT_FOUND") || isApiError(order.error, "NOT_FOUND");
  const counterpart = o ? (o.creator.id === me?.id ? o.merchant?.username : o.creator.username) : null;
  const readOnly =
    history.error && isApiError(history.error, "FORBIDDEN")
      ? t("You can read this chat but not write in it.")
      : me?.role === "admin" && o && o.status !== "disputed"
        ? t("Admins can write here only while the order is under appeal.")
        : null;

  const header = (
    <div className="flex items-center gap-3">
      <Button asChild variant="ghost" size="icon" className="-ms-2 size-11 shrink-0">
        <Link to="/chat" aria-label={t("All chats")}>
          <ArrowLeft className="rtl:rotate-180" aria-hidden />
        </Link>
      </Button>
      <Link to={`/order/${id}`} className="group flex min-w-0 flex-1 items-center gap-3">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-sm font-semibold">{counterpart ?? (o ? t("Waiting for a merchant") : t("Order chat"))}</h1>
          <p className="truncate text-xs text-muted-foreground tabular">
            {o
              ? t(SIDE_HEADLINE[viewerOf(o, me?.id).side].withTotal, {
                  amount: showCoin(o.coin_amount),
                  coin: o.coin,
                  naira: showNaira(o.naira_amount),
                })
              : t("Order {{ref}}", { ref: id.slice(0, 8) })}
          </p>
        </div>
        {o && <OrderStatusBadge status={o.status} />}
        <ChevronRight className="size-4 shrink-0 text-muted-foreground group-hover:text-foreground rtl:rotate-180" aria-label={t("Open order")} />
      </Link>
    </div>
  );

  return (
    <ChatView
      header={header}
      lines={lines}
      loading={history.isPending}
      error={notFound ? t("This chat does not exist or is not yours to see.") : history.error ? translateServerText(history.error.message) : null}
      hasMore={history.hasNextPage}
      loadingOlder={history.isFetchingNextPage}
      onLoadOlder={() => void history.fetchNextPage()}
      onSend={notFound ? undefined : onSend}
      onSendImage={notFound ? undefined : onSendImage}
      onImageProblem={(message) => toast.error(t(message))}
      onTyping={sendTyping}
      onSeen={notFound ? undefined : onSeen}
      typing={typing.text}
      seenId={seenId}
      readOnly={readOnly}
      showSenders={me?.role === "admin" || (o ? !!o.appeal : false)}
    />
  );
}
