import { COIN_TEXTS, fillTemplate } from "@p2p/shared";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { AdminCoin, updateCoinRequest } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { auditLog, coins } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { transact } from "../db/transact.js";

/** An admin lists or unlists a coin, or sets its deposit address; audited. */
export async function updateCoin(options: {
  db: Db;
  adminId: string;
  symbol: string;
  input: z.output<typeof updateCoinRequest>;
}): Promise<AdminCoin> {
  const { db, adminId, symbol, input } = options;
  return transact(db, async (tx) => {
    const [row] = await tx
      .update(coins)
      .set({
        ...(input.listed !== undefined ? { listed: input.listed } : {}),
        ...(input.deposit_address !== undefined ? { depositAddress: input.deposit_address } : {}),
      })
      .where(eq(coins.symbol, symbol))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", fillTemplate(COIN_TEXTS.noCoin, { coin: symbol }));
    await tx.insert(auditLog).values({ actorId: adminId, action: "coin.updated", targetType: "coin", targetId: symbol, data: input });
    return presentAdminCoin(row);
  });
}

export function presentAdminCoin(row: typeof coins.$inferSelect): AdminCoin {
  return { symbol: row.symbol, name: row.name, listed: row.listed, deposit_address: row.depositAddress };
}
