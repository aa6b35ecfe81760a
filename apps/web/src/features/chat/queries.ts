import { keepPreviousData, useInfiniteQuery, useQuery, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { ChatListResponse, ChatMessage, ChatMessagesResponse, ChatReadReceipt, SendOrderChatMessageRequest } from "@p2p/shared";
import { api } from "@/lib/api";
import { idempotencyHeader } from "@/lib/idempotency";
import { chatKeys } from "./keys";

export { chatKeys };
export const CHAT_LIST_PAGE_SIZE = 20;
const HISTORY_PAGE = 50;
/** Polling fallback while the socket is down. */
export const CHAT_FALLBACK_POLL_MS = 10_000;

export function useChatList(page: number, pollMs: number | false) {
  return useQuery({
    queryKey: chatKeys.list(page),
    queryFn: ({ signal }) => api<ChatListResponse>(`/api/chats?page=${page}&page_size=${CHAT_LIST_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: pollMs,
  });
}

/** Any paged chat history: newest page first, each page oldest first; `before` = a page's first id. */
export type HistoryPage<M> = { messages: M[]; has_more: boolean };

export function useOrderChatHistory(orderId: string, pollMs: number | false) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(orderId),
    queryFn: ({ pageParam, signal }) =>
      api<ChatMessagesResponse>(
        `/api/orders/${encodeURIComponent(orderId)}/messages?limit=${HISTORY_PAGE}${pageParam ? `&before=${pageParam}` : ""}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more ? last.messages[0]?.id : undefined),
    refetchInterval: pollMs,
  });
}

/** All loaded messages, oldest first, without duplicates (live appends may overlap a refetch). */
export function flattenHistory<M extends { id: string }>(data: InfiniteData<HistoryPage<M>> | undefined): M[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: M[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const m of page.messages) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out;
}

/**
 * Shows a message just stored (arrived live, or this device's own) at the end of a history's
 * newest page. The history is read again when it is not loaded yet, or when a read of it is still
 * on its way: that read may have been answered before this message was stored, and its answer
 * would replace the list without it. Reading again restarts it after the message.
 */
export function appendToHistory<M extends { id: string }>(qc: QueryClient, key: readonly unknown[], message: M): void {
  let applied = false;
  qc.setQueryData<InfiniteData<HistoryPage<M>>>(key, (data) => {
    if (!data || data.pages.length === 0) return data;
    applied = true;
    const [first, ...rest] = data.pages;
    if (first!.messages.some((m) => m.id === message.id)) return data;
    return { ...data, pages: [{ ...first!, messages: [...first!.messages, message] }, ...rest] };
  });
  if (!applied || qc.isFetching({ queryKey: key }) > 0) void qc.invalidateQueries({ queryKey: key });
}

export function applyReadReceipt(qc: QueryClient, orderId: string, read: ChatReadReceipt) {
  qc.setQueryData<InfiniteData<ChatMessagesResponse>>(chatKeys.messages(orderId), (data) => {
    if (!data || data.pages.length === 0) return data;
    const [first, ...rest] = data.pages;
    const reads = [...first!.reads.filter((r) => r.user_id !== read.user_id), read];
    return { ...data, pages: [{ ...first!, reads }, ...rest] };
  });
}

/** Text, an uploaded image (its upload id), or both; resent with the same key, it posts once. */
export const sendOrderMessage = (orderId: string, body: SendOrderChatMessageRequest, idempotencyKey: string) =>
  api<{ message: ChatMessage }>(`/api/orders/${encodeURIComponent(orderId)}/messages`, { body, headers: idempotencyHeader(idempotencyKey) });
