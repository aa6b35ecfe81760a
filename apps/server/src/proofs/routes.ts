import type { FastifyInstance } from "fastify";
import { addPaymentProofRequest } from "@p2p/shared";
import type { AppContext } from "../context.js";
import { parse } from "../http/parse.js";
import { addPaymentProof } from "./add-proof.js";
import { listOrderPaymentProofs } from "./list-proofs.js";

type OrderParams = { Params: { id: string } };

/** Payment proofs of an order (docs/API.md "Payment proofs"). */
export async function proofRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<OrderParams>("/api/orders/:id/proofs", async (req) => {
    const user = await ctx.auth.require(req);
    return { proofs: await listOrderPaymentProofs({ db: ctx.db, caller: user, orderId: req.params.id }) };
  });

  app.post<OrderParams>("/api/orders/:id/proofs", async (req, reply) => {
    const user = await ctx.auth.require(req);
    const body = parse(addPaymentProofRequest, req.body);
    const proof = await addPaymentProof({
      db: ctx.db,
      config: ctx.config,
      caller: user,
      orderId: req.params.id,
      uploadId: body.upload_id,
      amount: body.amount,
      reference: body.reference,
    });
    return reply.status(201).send({ proof });
  });
}
