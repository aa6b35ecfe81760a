import { COIN_TEXTS, feePercent, fillTemplate, MARKET_TOPIC, REALTIME_EVENTS } from "@p2p/shared";
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { AdminCoin, updateCoinRequest } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { coins, ledgerAccounts, offers, userRoles } from "../db/schema.js";
import { notify } from "../notifications/notify.js";
import { AppError } from "../http/errors.js";
import { recordAudit } from "../audit/record-audit.js";
import { transact } from "../db/transact.js";
import { appendEvent } from "../realtime/append-event.js";

type CoinRow = typeof coins.$inferSelect;

/**
 * An admin lists or unlists a coin, sets its deposit address, or changes its fee rate; audited.
 * A fee change (its own audit row with the old and new rate, read under the row's lock) applies
 * to orders created after it: each order keeps the rate and fee of its creation. Merchants
 * quoting the coin are told (admin_feedback); every signed-in tab gets `coins.changed`.
 */
export async function updateCoin(options: {
  db: Db;
  adminId: string;
  symbol: string;
  input: z.output<typeof updateCoinRequest>;
}): Promise<AdminCoin> {
  const { db, adminId, symbol, input } = options;
  return transact(db, async (tx) => {
    const [before] = await tx.select({ feeBps: coins.feeBps }).from(coins).where(eq(coins.symbol, symbol)).for("update");
    if (!before) throw new AppError("NOT_FOUND", fillTemplate(COIN_TEXTS.noCoin, { coin: symbol }));
    const [row] = await tx
      .update(coins)
      .set({
        ...(input.listed !== undefined ? { listed: input.listed } : {}),
        ...(input.fee_bps !== undefined ? { feeBps: input.fee_bps } : {}),
      })
      .where(eq(coins.symbol, symbol))
      .returning();
    const { fee_bps, ...rest } = input;
    if (Object.keys(rest).length > 0) {
      await recordAudit(tx, { actorId: adminId, action: "coin.updated", targetType: "coin", targetId: symbol, data: rest });
    }
    if (fee_bps !== undefined && fee_bps !== before.feeBps) {
      await recordAudit(tx, {
        actorId: adminId,
        action: "coin.fee_changed",
        targetType: "coin",
        targetId: symbol,
        data: { from_bps: before.feeBps, to_bps: fee_bps },
      });
      await tellMerchants(tx, symbol, fee_bps);
    }
    await appendEvent(tx, MARKET_TOPIC, REALTIME_EVENTS.coinsChanged, { coin: symbol });
    return (await presentAdminCoins(tx, [row!]))[0]!;
  });
}

/** Every merchant with an offer for the coin hears of a new fee rate, in the change's transaction. */
async function tellMerchants(tx: Tx, symbol: string, feeBps: number): Promise<void> {
  const merchants = await tx
    .select({ id: offers.merchantId })
    .from(offers)
    .innerJoin(userRoles, and(eq(userRoles.userId, offers.merchantId), eq(userRoles.role, "merchant")))
    .where(eq(offers.coin, symbol));
  await notify(
    tx,
    merchants.map(({ id }) => ({
      userId: id,
      type: "admin_feedback" as const,
      title: fillTemplate(COIN_TEXTS.feeChangedTitle, { coin: symbol }),
      message: fillTemplate(COIN_TEXTS.feeChanged, { coin: symbol, rate: feePercent(feeBps) }),
    })),
  );
}

/** Coins as admins see them, with the fees earned in each. */
export async function presentAdminCoins(db: Db | Tx, rows: CoinRow[]): Promise<AdminCoin[]> {
  const income = await db
    .select({ coin: ledgerAccounts.coin, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, "fees"),
        inArray(
          ledgerAccounts.coin,
          rows.map((r) => r.symbol),
        ),
      ),
    );
  const byCoin = new Map(income.map((r) => [r.coin, r.balance]));
  return rows.map((row) => ({
    symbol: row.symbol,
    name: row.name,
    listed: row.listed,
    fee_bps: row.feeBps,
    fee_income: byCoin.get(row.symbol) ?? "0.00000000",
  }));
}
