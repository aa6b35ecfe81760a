import { eq, sql } from "drizzle-orm";
import { NOTIFICATION_CHANNELS, ORDER_TEXTS, displayNaira, fillTemplate, parseNaira, trimDecimal, type NotificationDetails } from "@p2p/shared";
import { queryRows, type Tx } from "../db/client.js";
import { notificationPreferences, notifications, offers, profiles, userRoles, users } from "../db/schema.js";
import { insertTarget } from "../db/sql-names.js";
import { fromRawNotification, notificationEvents, RAW_NOTIFICATION_COLUMNS, type RawNotificationRow } from "../notifications/notify.js";
import { appendEvents } from "../realtime/append-event.js";
import type { OrderRow } from "./order-actors.js";

const TARGET = insertTarget(notifications, ["userId", "title", "message", "type", "orderId", "details"]);

/**
 * A new open request's notice to every merchant who could take it: a live offer for its coin
 * (online, still a merchant, not suspended: the marketplace's own rule), never the requester. One
 * insert in the request's transaction, whatever the number of merchants. The notice is a
 * broadcast, so a merchant who switched `new_open_request` off on every channel gets no row at
 * all; otherwise each channel's own switch decides its delivery, as for every type. The details
 * are the merchant's side (the other one), the amounts and the requester's username.
 */
export async function notifyOpenRequestMerchants(tx: Tx, order: OrderRow): Promise<void> {
  const [requester] = await tx.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, order.creatorId));
  const username = requester?.username ?? "";
  const template = order.side === "buy" ? ORDER_TEXTS.newOpenRequestToBuy : ORDER_TEXTS.newOpenRequestToSell;
  const message = fillTemplate(template, {
    username,
    amount: trimDecimal(order.coinAmount),
    coin: order.coin,
    total: displayNaira(parseNaira(order.nairaAmount)),
  });
  const details: NotificationDetails = {
    side: order.side === "buy" ? "sell" : "buy",
    coin: order.coin,
    coin_amount: order.coinAmount,
    naira_amount: order.nairaAmount,
    counterparty: requester?.username ?? null,
  };
  const switchedOff = sql`(select count(*) from ${notificationPreferences}
    where ${notificationPreferences.userId} = ${offers.merchantId} and ${notificationPreferences.type} = 'new_open_request'
      and not ${notificationPreferences.enabled})`;
  const rows = await queryRows<RawNotificationRow>(
    tx,
    sql`
    insert into ${sql.raw(TARGET)}
    select ${offers.merchantId}, ${fillTemplate(ORDER_TEXTS.newOpenRequestTitle, { coin: order.coin })}, ${message},
      'new_open_request', ${order.id}::uuid, ${JSON.stringify(details)}::jsonb
    from ${offers}
    join ${users} on ${users.id} = ${offers.merchantId}
    join ${userRoles} on ${userRoles.userId} = ${offers.merchantId}
    where ${offers.coin} = ${order.coin} and ${offers.online} and ${userRoles.role} = 'merchant' and ${users.suspendedAt} is null
      and ${offers.merchantId} <> ${order.creatorId} and ${switchedOff} < ${NOTIFICATION_CHANNELS.length}
    returning ${sql.raw(RAW_NOTIFICATION_COLUMNS)}`,
  );
  await appendEvents(tx, notificationEvents(rows.map(fromRawNotification)));
}
