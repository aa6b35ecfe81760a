import type { FastifyInstance, FastifyRequest } from "fastify";
import { createPayoutBatchRequest } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { answerOnce } from "../http/idempotency.js";
import { parse } from "../http/parse.js";
import { UTF8_BOM, csvRecord } from "../exports/csv.js";
import { createPayoutBatch } from "./create-payout-batch.js";
import { getPayoutBatch, listPayoutBatches } from "./list-payout-batches.js";

const idParam = (req: FastifyRequest) => (req.params as { id: string }).id;
const fileName = (id: string, ext: string) => `payout-batch-${id}.${ext}`;

/** Payout batches: approved withdrawals of one network handed to the external signer (no key on this server). */
export async function payoutRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/admin/payout-batches", async (req) => {
    await ctx.auth.requireRole(req, "admin");
    return listPayoutBatches({ db: ctx.db });
  });

  app.post("/api/admin/payout-batches", async (req, reply) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    const input = parse(createPayoutBatchRequest, req.body);
    return answerOnce(ctx.db, req, reply, admin.id, async (db) => ({
      status: 201,
      body: { batch: await createPayoutBatch({ db, adminId: admin.id, coin: input.coin, network: input.network }) },
    }));
  });

  app.get("/api/admin/payout-batches/:id", async (req) => {
    await ctx.auth.requireRole(req, "admin");
    return getPayoutBatch({ db: ctx.db, batchId: idParam(req) });
  });

  app.get("/api/admin/payout-batches/:id/items.json", async (req, reply) => {
    await ctx.auth.requireRole(req, "admin");
    const batch = await getPayoutBatch({ db: ctx.db, batchId: idParam(req) });
    return reply
      .header("content-disposition", `attachment; filename="${fileName(batch.batch.id, "json")}"`)
      .header("cache-control", "no-store")
      .send(batch);
  });

  app.get("/api/admin/payout-batches/:id/items.csv", async (req, reply) => {
    await ctx.auth.requireRole(req, "admin");
    const { batch, items } = await getPayoutBatch({ db: ctx.db, batchId: idParam(req) });
    const rows = items.map((item) => csvRecord([item.withdrawal_id, item.network, item.address, item.amount]));
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${fileName(batch.id, "csv")}"`)
      .header("cache-control", "no-store")
      .send(UTF8_BOM + csvRecord(["id", "network", "address", "amount"]) + rows.join(""));
  });
}
