import { sql } from "drizzle-orm";
import type { Badges, Role } from "@p2p/shared";
import { queryRows, type Db, type Tx } from "../db/client.js";
import { chatReadJoin, chatUnreadCount, inChatOf } from "../chat/chat-unread.js";
import { liveChatUnread } from "../live-chat/live-chat-unread.js";
import { merchantChatUnread } from "../merchant-chat/merchant-chat-unread.js";
import { unreadCounts } from "../notifications/notify.js";
import { pendingOrderCount } from "../orders/pending-order-count.js";

/**
 * Every count the navigation shows, each from the function its list uses, so a badge never says
 * something its screen does not: order chats from the chat list's per-chat rule, the live chat
 * and group chat from their read marks, notifications from the list's unread count.
 */
export async function getBadges(db: Db | Tx, user: { id: string; role: Role }): Promise<Badges> {
  const inGroupChat = user.role === "merchant" || user.role === "admin";
  // One after another: on a transaction's one client (a read mark's publish) queries may not
  // overlap, and from the pool a badge read takes one connection, not five.
  const notifications = await unreadCounts(db, user.id);
  const [chats] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(sum(${chatUnreadCount(user.id)}), 0)::int as n from orders o ${chatReadJoin(user.id)} where ${inChatOf(user.id)}`,
  );
  const live = await liveChatUnread(db, user.id);
  const group = inGroupChat ? await merchantChatUnread(db, user.id) : 0;
  const pending = await pendingOrderCount(db, user);
  const orderChats = Number(chats?.n ?? 0);
  const liveChat = live?.unread ?? 0;
  return {
    notifications: notifications.notifications,
    order_chats: orderChats,
    live_chat: liveChat,
    merchant_chat: group,
    pending_orders: pending,
    messages: orderChats + liveChat,
  };
}
