import { CHAT_TEXTS } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { AppError } from "../http/errors.js";
import { findOrder, orderNotFound } from "../orders/load-order.js";
import { isParticipant, type Caller, type OrderRow } from "../orders/order-actors.js";

/**
 * Who may use an order's chat: its participants always; admins read any order's chat (they
 * review trades and appeals) and write only while the order is under appeal. Anyone else gets
 * 404, never learning the order exists.
 */
export async function loadChatOrder(db: Db | Tx, orderId: string, caller: Caller, mode: "read" | "write"): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order) throw orderNotFound();
  if (isParticipant(order, caller.id)) return order;
  if (caller.role !== "admin") throw orderNotFound();
  if (mode === "write" && order.status !== "disputed") {
    throw new AppError("CHAT_READ_ONLY", CHAT_TEXTS.adminOnlyUnderAppeal);
  }
  return order;
}
