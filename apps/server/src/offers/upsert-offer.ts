import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { displayNaira, parseNaira, type Offer, type upsertOfferRequest, COIN_TEXTS, fillTemplate, MARKET_TOPIC, REALTIME_EVENTS } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { auditLog, offers, profiles } from "../db/schema.js";
import { requireListedCoin } from "../coins/find-coin.js";
import { transact } from "../db/transact.js";
import { notifyWatchers } from "../notifications/notify.js";
import { appendEvent } from "../realtime/append-event.js";

type Input = z.output<typeof upsertOfferRequest>;

/**
 * A merchant sets their one offer for a coin ("Price Update"). Orders already created keep their
 * frozen price. When either price changes the coin's watchers get a price_update notification, and
 * every signed-in tab an `offers.changed` on the market topic when what traders see changed.
 */
export async function upsertOffer(options: { db: Db; merchantId: string; coin: string; input: Input }): Promise<Offer> {
  const { db, merchantId, coin, input } = options;
  await requireListedCoin(db, coin);
  const values = {
    buyPrice: input.buy_price,
    sellPrice: input.sell_price,
    minOrder: input.min_order,
    maxOrder: input.max_order,
    bankName: input.bank_name,
    accountNumber: input.account_number,
    accountName: input.account_name,
    terms: input.terms,
    online: input.online,
  };
  return transact(db, async (tx) => {
    const [before] = await tx
      .select({ buyPrice: offers.buyPrice, sellPrice: offers.sellPrice, online: offers.online })
      .from(offers)
      .where(and(eq(offers.merchantId, merchantId), eq(offers.coin, coin)))
      .for("update");
    const [row] = await tx
      .insert(offers)
      .values({ merchantId, coin, ...values })
      .onConflictDoUpdate({ target: [offers.merchantId, offers.coin], set: { ...values, version: nextVersion, updatedAt: sql`now()` } })
      .returning();
    const priceChanged =
      !before || parseNaira(before.buyPrice) !== parseNaira(row!.buyPrice) || parseNaira(before.sellPrice) !== parseNaira(row!.sellPrice);
    if (priceChanged && row!.online) {
      const [merchant] = await tx.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, merchantId));
      await notifyWatchers(tx, {
        coin,
        exceptUserId: merchantId,
        title: fillTemplate(COIN_TEXTS.priceUpdateTitle, { coin }),
        message: fillTemplate(COIN_TEXTS.priceUpdate, {
          username: merchant?.username ?? COIN_TEXTS.aMerchant,
          coin,
          sell: displayNaira(parseNaira(row!.sellPrice)),
          buy: displayNaira(parseNaira(row!.buyPrice)),
        }),
      });
    }
    // Every open market screen (Listed Coins, Price, the offers lists) follows what traders see.
    if ((priceChanged && (row!.online || before?.online)) || before?.online !== row!.online) {
      await appendEvent(tx, MARKET_TOPIC, REALTIME_EVENTS.offersChanged, { coin });
    }
    await tx.insert(auditLog).values({
      actorId: merchantId,
      action: before ? "offer.updated" : "offer.created",
      targetType: "offer",
      targetId: row!.id,
      data: { coin, buy_price: row!.buyPrice, sell_price: row!.sellPrice, online: row!.online },
    });
    return presentOffer(row!);
  });
}

/** The version moves on when a term a trader agrees to changes; switching online or offline keeps it. */
const nextVersion = sql`case when
  (${offers.buyPrice}, ${offers.sellPrice}, ${offers.minOrder}, ${offers.maxOrder}, ${offers.bankName}, ${offers.accountNumber}, ${offers.accountName}, ${offers.terms})
  is distinct from (excluded.buy_price, excluded.sell_price, excluded.min_order, excluded.max_order, excluded.bank_name, excluded.account_number, excluded.account_name, excluded.terms)
  then ${offers.version} + 1 else ${offers.version} end`;

export function presentOffer(row: typeof offers.$inferSelect): Offer {
  return {
    id: row.id,
    coin: row.coin,
    buy_price: row.buyPrice,
    sell_price: row.sellPrice,
    min_order: row.minOrder,
    max_order: row.maxOrder,
    bank_name: row.bankName,
    account_number: row.accountNumber,
    account_name: row.accountName,
    terms: row.terms,
    online: row.online,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}
