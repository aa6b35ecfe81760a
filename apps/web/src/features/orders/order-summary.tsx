import type { ReactNode } from "react";
import { Lock, LockOpen, ShieldCheck, Star } from "lucide-react";
import { useTranslation } from "@/i18n/use-translation";
import { feeSplit, formatCoin, parseCoin, type Order } from "@p2p/shared";
import { i18n } from "@/i18n/i18n";
import { showCoin, showDateTime, showFeeRate, showNaira, showScore } from "@/i18n/format";
import { Card, CardContent, CardHeader, CardTitle } from "@/ui/card";
import { CopyButton } from "@/ui/copy-button";
import { orderReference } from "./format";
import { isClosed } from "./queries";
import type { Party, Viewer } from "./viewer";

const t = i18n.t;

function nairaLabel(order: Order, viewer: Viewer): string {
  if (order.cancelled_at) return t("Naira total");
  if (order.completed_at) return viewer.side === "buy" ? t("You paid") : t("You received");
  return viewer.side === "buy" ? t("You pay") : t("You receive");
}

/** The order's coins in units: what escrow holds, what the buyer gets and the merchant's fee. */
const splitOf = (order: Order) => feeSplit({ side: order.side, coinUnits: parseCoin(order.coin_amount), feeUnits: parseCoin(order.fee_amount) });

/** Where the seller's coins are now, in words. */
function escrowState(order: Order): { icon: ReactNode; text: string } {
  const split = splitOf(order);
  const coins = `${showCoin(formatCoin(split.locked))} ${order.coin}`;
  if (!order.escrow_locked) {
    return isClosed(order.status)
      ? { icon: <LockOpen aria-hidden />, text: t("No coins were locked") }
      : { icon: <LockOpen aria-hidden />, text: t("Locks when the merchant accepts") };
  }
  if (order.completed_at) {
    return {
      icon: <ShieldCheck aria-hidden />,
      text: t("{{coins}} released to the buyer", { coins: `${showCoin(formatCoin(split.toBuyer))} ${order.coin}` }),
    };
  }
  if (order.cancelled_at) return { icon: <ShieldCheck aria-hidden />, text: t("{{coins}} returned to the seller", { coins }) };
  return { icon: <Lock aria-hidden />, text: t("{{coins}} locked in escrow", { coins }) };
}

/** Coin, side, price and amounts, the other party and the escrow, as the viewer sees them. */
export function OrderSummary({ order, viewer }: { order: Order; viewer: Viewer }) {
  const { t } = useTranslation();
  const escrow = escrowState(order);
  // Parties see the other side; an admin sees both; a creator waiting for a merchant sees no one yet.
  const parties: { role: string; party: Party }[] = viewer.counterparty
    ? [{ role: viewer.isCreator ? t("Merchant") : t("Trader"), party: viewer.counterparty }]
    : viewer.isCreator
      ? []
      : [{ role: t("Trader"), party: order.creator }, ...(order.merchant ? [{ role: t("Merchant"), party: order.merchant }] : [])];

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{t("Order details")}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          <Row label={viewer.side === "buy" ? t("You buy") : t("You sell")}>
            <span className="font-semibold tabular">
              {showCoin(order.coin_amount)} {order.coin}
            </span>
          </Row>
          <Row label={t("Price per coin")}>
            <span className="tabular">{showNaira(order.price)}</span>
          </Row>
          <Row label={nairaLabel(order, viewer)}>
            <span className="font-semibold tabular">{showNaira(order.naira_amount)}</span>
          </Row>
          <FeeRows order={order} viewer={viewer} />
          <Row label={t("Escrow")}>
            <span className="inline-flex items-center gap-1.5 text-end [&_svg]:size-3.5 [&_svg]:shrink-0 [&_svg]:text-primary">
              {escrow.icon}
              {escrow.text}
            </span>
          </Row>
          <div className="my-1 border-t" />
          {parties.map(({ role, party }) => (
            <Row key={party.id} label={role}>
              <PartyLine party={party} />
            </Row>
          ))}
          {!viewer.counterparty && !order.merchant && (
            <Row label={t("Merchant")}>
              <span className="text-muted-foreground">{t("Not matched yet")}</span>
            </Row>
          )}
          <div className="my-1 border-t" />
          <Row label={t("Reference")}>
            <span className="inline-flex items-center gap-1">
              <span className="font-mono">#{orderReference(order.id)}</span>
              <CopyButton value={order.id} label={t("order id")} variant="ghost" className="size-7" />
            </span>
          </Row>
          <Row label={t("Placed")}>
            <time dateTime={order.created_at}>{showDateTime(order.created_at)}</time>
          </Row>
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * The merchant's fee, fixed when the order was placed: the merchant sees what it costs them
 * before accepting; the trader, that it is not theirs to pay.
 */
function FeeRows({ order, viewer }: { order: Order; viewer: Viewer }) {
  const { t } = useTranslation();
  const split = splitOf(order);
  const coin = order.coin;
  const fee =
    order.fee_waiver === "new_merchant"
      ? t("None: the merchant's first 30 days")
      : split.fee === 0n
        ? t("None")
        : t("{{amount}} {{coin}} ({{rate}})", { amount: showCoin(order.fee_amount), coin, rate: showFeeRate(order.fee_bps) });
  // The merchant sells when the creator's side is buy: they lock the coins and the fee.
  const merchantSells = order.side === "buy";
  return (
    <>
      <Row label={viewer.isMerchant ? t("Your fee") : t("Merchant's fee")}>
        <span className="tabular">{fee}</span>
      </Row>
      {viewer.isMerchant && split.fee > 0n && (
        <Row label={merchantSells ? t("You lock") : t("You receive")}>
          <span className="font-semibold tabular">
            {showCoin(formatCoin(merchantSells ? split.locked : split.toBuyer))} {coin}
          </span>
        </Row>
      )}
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-end">{children}</dd>
    </div>
  );
}

function PartyLine({ party }: { party: Party }) {
  const { t } = useTranslation();
  return (
    <span className="flex min-w-0 flex-col items-end">
      <span className="max-w-full truncate font-medium" title={party.username}>
        {party.username}
      </span>
      <span className="inline-flex items-center gap-1 text-xs text-muted-foreground tabular">
        <Star className="size-3 fill-amber-400 text-amber-400" aria-hidden />
        {showScore(party.reputation_score)}
        <span aria-hidden>·</span>
        {t("{{count}} trades", { count: party.total_trades })}
      </span>
    </span>
  );
}
