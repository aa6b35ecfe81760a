import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { queryRows, type Db } from "../db/client.js";
import { networks } from "../db/schema.js";
import type { Config } from "../config.js";
import type { AppContext } from "../context.js";
import { loopbackOnly } from "../mail/dev-mailbox-routes.js";
import { getDepositAddress } from "../networks/deposit-address.js";

/**
 * Development only (`npm run chain`): points the USDT BEP20 network at the local chain's demo
 * USDT (CHAIN_DEV_USDT), so its chain watcher sees the transfers `npm run chain -- send` makes.
 */
export async function applyDevChainToken(db: Db, config: Pick<Config, "CHAIN_DEV_USDT" | "isProduction">): Promise<void> {
  if (config.isProduction || !config.CHAIN_DEV_USDT) return;
  await db
    .update(networks)
    .set({ tokenContract: config.CHAIN_DEV_USDT, depositsEnabled: true, updatedAt: sql`now()` })
    .where(and(eq(networks.coin, "USDT"), eq(networks.code, "BEP20")));
}

/**
 * `GET /dev/deposit-address?user=<email or username>&coin=&network=`: a user's deposit address,
 * for `npm run chain -- send`. Never registered in production, and answered only on loopback.
 */
export async function devChainRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/dev/deposit-address", { onRequest: loopbackOnly }, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const who = (q.user ?? "").trim();
    const [user] = await queryRows<{ id: string }>(
      ctx.db,
      sql`select u.id from users u left join profiles p on p.id = u.id where lower(u.email) = lower(${who}) or lower(p.username) = lower(${who}) limit 1`,
    );
    if (!user) return reply.status(404).send({ error: { code: "NOT_FOUND", message: `No account "${who}".` } });
    return getDepositAddress({ db: ctx.db, xpub: ctx.config.depositXpub, userId: user.id, coin: q.coin ?? "USDT", network: q.network ?? "BEP20" });
  });
}
