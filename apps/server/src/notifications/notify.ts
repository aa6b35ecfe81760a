import { sql } from "drizzle-orm";
import type { NotificationType } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { notifications } from "../db/schema.js";

export type NewNotification = {
  userId: string;
  title: string;
  message: string;
  type: NotificationType;
  orderId?: string | null;
};

/** Writes notification rows in the caller's transaction (DESIGN §4: never written by a client). */
export async function notify(tx: Db | Tx, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(notifications).values(rows.map((r) => ({ ...r, orderId: r.orderId ?? null })));
}

/** One price_update row per watcher of the coin, in one statement however many there are. */
export async function notifyWatchers(
  tx: Db | Tx,
  input: { coin: string; exceptUserId: string; title: string; message: string },
): Promise<void> {
  await tx.execute(sql`
    insert into notifications (user_id, title, message, type)
    select user_id, ${input.title}, ${input.message}, 'price_update' from coin_watches
    where coin = ${input.coin} and user_id <> ${input.exceptUserId}`);
}
