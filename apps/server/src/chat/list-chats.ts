import { sql } from "drizzle-orm";
import type { ChatListResponse } from "@p2p/shared";
import { queryRows, type Db } from "../db/client.js";
import { presentImageRef } from "../uploads/present-upload.js";
import { liveChatUnread } from "../live-chat/live-chat-unread.js";
import { chatReadJoin, chatUnreadCount, inChatOf } from "./chat-unread.js";
import { presentChatMessage } from "./present-message.js";

type Row = {
  order_id: string;
  coin: string;
  status: string;
  counterpart_id: string | null;
  counterpart_username: string | null;
  m_id: string | null;
  m_kind: string | null;
  m_sender_id: string | null;
  m_sender_username: string | null;
  m_content: string | null;
  m_upload_id: string | null;
  m_upload_type: string | null;
  m_upload_width: number | null;
  m_upload_height: number | null;
  m_created_at: string | Date | null;
  unread: number;
  total: number;
};

/** The caller's order chats, latest activity first, each with its last message and unread count, and their live chat with support. */
export async function listChats(options: { db: Db; userId: string; page: number; pageSize: number }): Promise<ChatListResponse> {
  const { db, userId: me, page, pageSize } = options;
  const rows = await queryRows<Row>(
    db,
    sql`
    select o.id as order_id, o.coin, o.status,
      cp.id as counterpart_id, cp.username as counterpart_username,
      lm.id as m_id, lm.kind as m_kind, lm.sender_id as m_sender_id, sp.username as m_sender_username,
      lm.content as m_content, lm.created_at as m_created_at,
      up.id as m_upload_id, up.content_type as m_upload_type, up.width as m_upload_width, up.height as m_upload_height,
      ${chatUnreadCount(me)} as unread,
      count(*) over ()::int as total
    from orders o
    ${chatReadJoin(me)}
    left join profiles cp on cp.id = case when o.creator_id = ${me}::uuid then o.merchant_id else o.creator_id end
    left join lateral (
      select m.id, m.kind, m.sender_id, m.content, m.created_at, m.seq, m.upload_id from chat_messages m
      where m.order_id = o.id order by m.seq desc limit 1
    ) lm on true
    left join profiles sp on sp.id = lm.sender_id
    left join uploads up on up.id = lm.upload_id
    where ${inChatOf(me)}
    order by lm.seq desc nulls last, o.created_at desc
    limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const liveChat = await liveChatUnread(db, me);
  return {
    page,
    page_size: pageSize,
    live_chat: liveChat,
    total: Number(rows[0]?.total ?? 0),
    chats: rows.map((r) => ({
      order_id: r.order_id,
      coin: r.coin,
      status: r.status,
      counterpart: r.counterpart_id ? { id: r.counterpart_id, username: r.counterpart_username ?? "" } : null,
      last_message: r.m_id
        ? presentChatMessage({
            id: r.m_id,
            orderId: r.order_id,
            kind: r.m_kind!,
            senderId: r.m_sender_id,
            senderUsername: r.m_sender_username,
            content: r.m_content!,
            createdAt: r.m_created_at!,
            image: presentImageRef({ id: r.m_upload_id, contentType: r.m_upload_type, width: r.m_upload_width, height: r.m_upload_height }),
          })
        : null,
      unread: Number(r.unread),
    })),
  };
}
