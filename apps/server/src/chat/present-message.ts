import type { ChatMessage, ImageRef } from "@p2p/shared";

export type ChatMessageRecord = {
  id: string;
  orderId: string;
  kind: string;
  senderId: string | null;
  senderUsername: string | null;
  content: string;
  /** The image of an `image` message. */
  image?: ImageRef | null;
  createdAt: Date | string;
};

/** The one shape an order chat message leaves the server in, over HTTP and the socket alike. */
export function presentChatMessage(m: ChatMessageRecord): ChatMessage {
  return {
    id: m.id,
    order_id: m.orderId,
    kind: m.kind as ChatMessage["kind"],
    sender_id: m.senderId,
    sender_username: m.senderUsername,
    content: m.content,
    image: m.image ?? null,
    created_at: new Date(m.createdAt).toISOString(),
  };
}
