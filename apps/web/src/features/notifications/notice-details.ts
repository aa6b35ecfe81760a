import type { NotificationDetails } from "@p2p/shared";
import { i18n } from "@/i18n/i18n";
import { showCoin, showNaira } from "@/i18n/format";
import { SIDE_HEADLINE } from "@/features/orders/viewer";

/**
 * An order notice's details in the reader's words, the order page's headline and the other party:
 * "Sell 20 SIDRA · ₦30,000.00 · ada". Shown under the notice's text in the list, toasts and
 * browser notifications.
 */
export function noticeDetailsText(details: NotificationDetails | null): string | null {
  if (!details) return null;
  const headline = i18n.t(SIDE_HEADLINE[details.side].withTotal, {
    amount: showCoin(details.coin_amount),
    coin: details.coin,
    naira: showNaira(details.naira_amount),
  });
  return details.counterparty ? `${headline} · ${details.counterparty}` : headline;
}

/** The notice's text with its details on a second line, for toasts and device notifications. */
export function noticeBody(message: string, details: NotificationDetails | null): string {
  const extra = noticeDetailsText(details);
  return extra ? `${message}\n${extra}` : message;
}
