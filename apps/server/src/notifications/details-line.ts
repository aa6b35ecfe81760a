import { displayNaira, msg, notificationDetailsSchema, parseNaira, trimDecimal, type TradeSide } from "@p2p/shared";
import type { Translator } from "../i18n/i18n.js";

/** The order page's headline with its total, in the same words as the app's (features/orders/viewer.ts). */
const HEADLINE: Record<TradeSide, string> = {
  buy: msg("Buy {{amount}} {{coin}} · {{naira}}"),
  sell: msg("Sell {{amount}} {{coin}} · {{naira}}"),
};

/**
 * A notice's order details in the reader's language, as the app shows them under its text:
 * "Buy 20 SIDRA · ₦24,600.00 · ada". Null for a notice without details (stored jsonb, read back
 * through the shared schema, so a malformed value adds nothing rather than failing the send).
 */
export function detailsLine(tr: Translator, stored: unknown): string | null {
  const parsed = notificationDetailsSchema.safeParse(stored);
  if (!parsed.success) return null;
  const d = parsed.data;
  const headline = tr.t(HEADLINE[d.side], { amount: trimDecimal(d.coin_amount), coin: d.coin, naira: displayNaira(parseNaira(d.naira_amount)) });
  return d.counterparty ? `${headline} · ${d.counterparty}` : headline;
}

/** The notice's message with its details on a second line, for Telegram and push bodies. */
export function withDetails(tr: Translator, message: string, stored: unknown): string {
  const line = detailsLine(tr, stored);
  const text = tr.serverText(message);
  return line ? `${text}\n${line}` : text;
}
