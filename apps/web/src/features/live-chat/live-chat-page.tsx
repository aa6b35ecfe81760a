import { useMemo, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/ui/toast";
import { useTranslation } from "@/i18n/use-translation";
import { ArrowLeft, Headset, Loader2 } from "lucide-react";
import { z } from "zod";
import {
  msg,
  openLiveChatRequest,
  REALTIME_EVENTS,
  type LiveChatMessage,
  type LiveChatSession,
  type OpenLiveChatRequest,
  liveChatTopic,
} from "@p2p/shared";
import { api, isApiError } from "@/lib/api";
import { cn } from "@/lib/cn";
import { translateServerText } from "@/i18n/server-text";
import { useSession } from "@/features/auth/queries";
import { formatAgeShort } from "@/features/orders/format";
import { useRealtimeStatus, useRealtimeTopic } from "@/features/realtime/realtime-context";
import { useReadMark } from "@/features/badges/queries";
import { ChatView, type ChatLine } from "@/features/chat/chat-view";
import { appendToHistory, CHAT_FALLBACK_POLL_MS, chatKeys, flattenHistory } from "@/features/chat/queries";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { EmptyState } from "@/ui/empty-state";
import { PageHeader } from "@/ui/page-header";
import { Textarea } from "@/ui/textarea";

type Page = { messages: LiveChatMessage[]; has_more: boolean };

const STATUS_LABEL: Record<LiveChatSession["status"], string> = { waiting: msg("Waiting"), open: msg("Open"), closed: msg("Closed") };

/** One support session's conversation, for its owner or an admin. */
function SessionChat({
  session,
  asAdmin,
  onBack,
  onSessionChange,
  closedAction,
}: {
  closedAction?: ReactNode;
  session: LiveChatSession;
  asAdmin: boolean;
  onBack?: () => void;
  onSessionChange: (s: LiveChatSession) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const live = useRealtimeStatus() === "open";
  const key = chatKeys.liveMessages(session.id);
  const history = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) =>
      api<Page>(`/api/live-chat/sessions/${session.id}/messages?limit=50${pageParam ? `&before=${pageParam}` : ""}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more ? last.messages[0]?.id : undefined),
    refetchInterval: live ? false : CHAT_FALLBACK_POLL_MS,
  });

  useRealtimeTopic(liveChatTopic(session.id), (e) => {
    if (e.event === REALTIME_EVENTS.liveChatMessage) {
      appendToHistory(qc, key, e.payload);
    } else if (e.event === REALTIME_EVENTS.liveChatSession) {
      onSessionChange(e.payload);
    }
  });

  const lines: ChatLine[] = useMemo(
    () =>
      flattenHistory(history.data).map((m) => ({
        id: m.id,
        kind: "text",
        mine: asAdmin ? m.sender_type === "admin" : m.sender_type === "user",
        sender: m.sender_type === "admin" ? t("Support") : session.username,
        text: m.message,
        created_at: m.created_at,
      })),
    [history.data, asAdmin, session.username, t],
  );

  const close = useMutation({
    mutationFn: () =>
      api<{ session: LiveChatSession }>(
        asAdmin ? `/api/admin/live-chat/sessions/${session.id}/close` : `/api/live-chat/sessions/${session.id}/close`,
        { method: "POST", body: {} },
      ),
    onSuccess: (d) => {
      onSessionChange(d.session);
      void qc.invalidateQueries({ queryKey: chatKeys.liveAdmin });
      toast.success(t("Chat closed"));
    },
    onError: (err) => toast.error(translateServerText(err.message)),
  });

  const onSend = async (message: string) => {
    try {
      const res = await api<{ message: LiveChatMessage }>(`/api/live-chat/sessions/${session.id}/messages`, { body: { message } });
      appendToHistory(qc, key, res.message);
      if (asAdmin && session.status === "waiting") onSessionChange({ ...session, status: "open" });
    } catch (err) {
      if (isApiError(err, "LIVE_CHAT_CLOSED")) onSessionChange({ ...session, status: "closed" });
      toast.error(isApiError(err) ? translateServerText(err.message) : t("Could not send the message."));
      throw err;
    }
  };

  // The owner's read mark (support's replies count in the Messages badge until read); an admin has none.
  const onSeen = useReadMark(asAdmin ? null : `/api/live-chat/sessions/${session.id}/read`);

  const closed = session.status === "closed";
  return (
    <ChatView
      onSeen={onSeen}
      header={
        <div className="flex items-center gap-3">
          {onBack && (
            <Button variant="ghost" size="icon" className="-ms-2 size-11 shrink-0 sm:size-9" onClick={onBack} aria-label={t("All sessions")}>
              <ArrowLeft aria-hidden className="rtl:rotate-180" />
            </Button>
          )}
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Headset className="size-4" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-sm font-semibold">{asAdmin ? session.username : t("NaijaP2P Support")}</h1>
            <p className="truncate text-xs text-muted-foreground">
              {session.status === "waiting" && !asAdmin ? t("Waiting for an agent to join…") : t(STATUS_LABEL[session.status])}
            </p>
          </div>
          {!closed && (
            <Button variant="outline" size="sm" className="h-10 shrink-0 sm:h-8" onClick={() => close.mutate()} disabled={close.isPending}>
              {close.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {asAdmin ? t("Close") : t("End chat")}
            </Button>
          )}
        </div>
      }
      lines={lines}
      loading={history.isPending}
      error={history.error ? translateServerText(history.error.message) : undefined}
      hasMore={history.hasNextPage}
      loadingOlder={history.isFetchingNextPage}
      onLoadOlder={() => void history.fetchNextPage()}
      onSend={onSend}
      readOnly={
        closed ? (
          <span className="flex flex-wrap items-center justify-center gap-3">
            {t("This chat is closed.")}
            {closedAction}
          </span>
        ) : null
      }
      emptyText={asAdmin ? t("No messages yet.") : t("Tell us what you need help with. An agent will reply here.")}
    />
  );
}

/** The first message is optional: left empty (or blank), the chat opens without one. */
const startSchema = z.object({
  message: z
    .string()
    .trim()
    .transform((message) => message || undefined)
    .pipe(openLiveChatRequest.shape.message),
});

function UserLiveChat() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const mine = useQuery({
    queryKey: chatKeys.liveMine,
    queryFn: ({ signal }) => api<{ session: LiveChatSession | null }>("/api/live-chat/sessions/mine", { signal }),
  });
  const [closedSession, setClosedSession] = useState<LiveChatSession | null>(null);
  const form = useForm({ resolver: zodResolver(startSchema), defaultValues: { message: "" } });
  const start = useMutation({
    mutationFn: (body: OpenLiveChatRequest) => api<{ session: LiveChatSession }>("/api/live-chat/sessions", { body }),
    onSuccess: (d) => {
      form.reset();
      setClosedSession(null);
      qc.setQueryData(chatKeys.liveMine, { session: d.session });
      void qc.invalidateQueries({ queryKey: chatKeys.liveMessages(d.session.id) });
    },
    onError: (err) => toast.error(translateServerText(err.message)),
  });
  const onStart = form.handleSubmit((body) => start.mutate(body));

  const session = mine.data?.session ?? closedSession;
  const onSessionChange = (s: LiveChatSession) => {
    if (s.status === "closed") {
      setClosedSession(s);
      qc.setQueryData(chatKeys.liveMine, { session: null });
    } else qc.setQueryData(chatKeys.liveMine, { session: s });
  };

  if (mine.isPending) {
    return (
      <div className="flex justify-center py-16 text-muted-foreground">
        <Loader2 className="size-5 animate-spin" aria-label={t("Loading")} />
      </div>
    );
  }
  if (session) {
    return (
      <SessionChat
        key={session.id}
        session={session}
        asAdmin={false}
        onSessionChange={onSessionChange}
        closedAction={
          <Button size="sm" className="h-10 sm:h-8" onClick={() => setClosedSession(null)}>
            {t("Start a new chat")}
          </Button>
        }
      />
    );
  }
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <PageHeader title={t("Live Chat")} description={t("Talk to the NaijaP2P support team.")} />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Headset className="size-5 text-primary" aria-hidden />
            {t("Chat with Support")}
          </CardTitle>
          <CardDescription>{t("Describe your problem and an agent will join. Include an order ID if it is about a trade.")}</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-3" onSubmit={(event) => void onStart(event)}>
            <label htmlFor="live-first" className="sr-only">
              {t("Your message")}
            </label>
            <Textarea id="live-first" {...form.register("message")} maxLength={2000} placeholder={t("How can we help?")} />
            <Button type="submit" disabled={start.isPending} className="h-11 w-full sm:h-10 sm:w-auto sm:self-end">
              {start.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {t("Start chat")}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

/** The admins' side: sessions waiting first, and the chat of the one picked. Also the admin panel's Live chat section. */
export function AdminLiveChat({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get("session");
  const sessions = useQuery({
    queryKey: chatKeys.liveAdmin,
    queryFn: ({ signal }) => api<{ sessions: LiveChatSession[]; total: number }>("/api/admin/live-chat/sessions?page=1&page_size=50", { signal }),
    refetchInterval: 30_000,
  });
  const [overrides, setOverrides] = useState<Record<string, LiveChatSession>>({});
  const list = sessions.data?.sessions ?? [];
  const selected = selectedId ? (overrides[selectedId] ?? list.find((s) => s.id === selectedId) ?? null) : null;
  // Keeps the other parameters (the admin panel's ?section=) as they are.
  const select = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set("session", id);
        else next.delete("session");
        return next;
      },
      { replace: false },
    );

  const listView = (
    <Card className={cn("overflow-hidden p-0", selected && "hidden lg:block")}>
      <div className="border-b px-4 py-3">
        <h2 className="text-sm font-semibold">{t("Sessions")}</h2>
        <p className="text-xs text-muted-foreground">{t("Waiting first")}</p>
      </div>
      {sessions.isPending ? (
        <div className="flex justify-center py-10 text-muted-foreground">
          <Loader2 className="size-5 animate-spin" aria-label={t("Loading")} />
        </div>
      ) : sessions.isError ? (
        <EmptyState title={t("Could not load sessions")} description={translateServerText(sessions.error.message)} />
      ) : list.length === 0 ? (
        <EmptyState icon={<Headset />} title={t("No one is waiting")} description={t("New support requests appear here as they arrive.")} />
      ) : (
        <ul className="divide-y">
          {list.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                onClick={() => select(s.id)}
                className={cn(
                  "flex w-full flex-col gap-1 p-4 text-start transition-colors hover:bg-accent/50",
                  s.id === selectedId && "bg-accent/60",
                )}
              >
                <span className="flex items-center gap-2">
                  <span className="truncate text-sm font-medium">{s.username}</span>
                  <Badge variant={s.status === "waiting" ? "default" : "secondary"} className="ms-auto shrink-0">
                    {t(STATUS_LABEL[s.status])}
                  </Badge>
                </span>
                <span className="flex items-center gap-2 text-xs text-muted-foreground">
                  <span className="min-w-0 flex-1 truncate">{s.last_message ?? t("No messages yet")}</span>
                  <span className="shrink-0">{formatAgeShort(s.last_message_at ?? s.created_at)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );

  return (
    <div className="flex flex-col gap-4">
      {!selected && !embedded && (
        <PageHeader title={t("Live Chat")} description={t("Support sessions waiting for an agent, and the ones you are in.")} />
      )}
      <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
        {listView}
        {selected ? (
          <SessionChat
            key={selected.id}
            session={selected}
            asAdmin
            onBack={() => select(null)}
            onSessionChange={(s) => {
              setOverrides((o) => ({ ...o, [s.id]: s }));
              void qc.invalidateQueries({ queryKey: chatKeys.liveAdmin });
            }}
          />
        ) : (
          <Card className="hidden lg:flex">
            <EmptyState
              className="w-full py-24"
              icon={<Headset />}
              title={t("Pick a session")}
              description={t("Open a session on the left to reply.")}
            />
          </Card>
        )}
      </div>
    </div>
  );
}

export default function LiveChatPage() {
  const { data: me } = useSession();
  if (!me) return null;
  return me.role === "admin" ? <AdminLiveChat /> : <UserLiveChat />;
}
