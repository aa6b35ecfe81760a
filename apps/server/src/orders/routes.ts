import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import {
  adminListOrdersQuery,
  cancelOrderRequest,
  createOpenRequestRequest,
  createOrderRequest,
  confirmPaymentRequest,
  emptyRequest,
  listOrdersQuery,
  openAppealRequest,
  rateOrderRequest,
  resolveAppealRequest,
  transactionHistoryQuery,
} from "@p2p/shared";
import type { AppContext } from "../context.js";
import type { Db, Tx } from "../db/client.js";
import { answerOnce, type Answer } from "../http/idempotency.js";
import { onTokensWord } from "../auth/on-tokens-word.js";
import { parse } from "../http/parse.js";
import { acceptOrder } from "./accept-order.js";
import { cancelOrder } from "./cancel-order.js";
import { confirmPayment } from "./confirm-payment.js";
import { createOpenRequest } from "./create-open-request.js";
import { createOrder } from "./create-order.js";
import { getOrder } from "./get-order.js";
import { listMarketplace } from "./list-marketplace.js";
import { listAllOrders, listOrders } from "./list-orders.js";
import { listTransactionHistory } from "./list-transaction-history.js";
import { markPaid } from "./mark-paid.js";
import { openAppeal } from "./open-appeal.js";
import type { Caller } from "./order-actors.js";
import { presentOrder, type PresentableOrder } from "./present-order.js";
import { rateOrder } from "./rate-order.js";
import { resolveAppeal } from "./resolve-appeal.js";
import { windowsFrom, type OrderWindows } from "./order-windows.js";
import { withdrawAppeal } from "./withdraw-appeal.js";
import { checkStepUp, type CheckedStepUp } from "../auth/step-up.js";

type ActionOptions = { db: Db | Tx; caller: Caller; orderId: string; windows: OrderWindows; stepUp: CheckedStepUp };

const orderId = (req: FastifyRequest) => (req.params as { id: string }).id;

export async function orderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const windows = windowsFrom(ctx.config);

  /** A transition endpoint: parse, authenticate, run once per Idempotency-Key, answer the order as the caller sees it. */
  function action<S extends z.ZodType>(
    path: string,
    schema: S,
    run: (options: ActionOptions, body: z.output<S>) => Promise<PresentableOrder>,
    role?: "admin",
    stepUpCode?: (body: z.output<S>) => string | undefined,
  ) {
    // The metric's label: the path's last part, as snake case (accept, mark_paid, confirm_payment, …).
    const transition = path.split("/").at(-1)!.replaceAll("-", "_");
    app.post(path, async (req, reply) => {
      const move = async (db: Db | Tx, caller: Caller, body: z.output<S>, stepUp: CheckedStepUp): Promise<Answer> => {
        const order = await run({ db, caller, orderId: orderId(req), windows, stepUp }, body);
        ctx.metrics.orderTransitions.inc({ action: transition });
        return { status: 200, body: { order: await presentOrder(db, order, caller) } };
      };
      // A move with a step-up code reads its session first: the code's wrong guesses are counted before anything else.
      const answered =
        !role &&
        (await onTokensWord(ctx, req, async (claimed) => {
          const body = parse(schema, req.body);
          if (stepUpCode?.(body)) return;
          const noCode = await checkStepUp(ctx.db, ctx.config.sessionSecret, claimed.id, undefined, req.ip);
          await answerOnce(ctx.db, req, reply, claimed.id, (db) => move(db, claimed, body, noCode), claimed.unproven);
        }));
      if (answered) return reply;
      const user = role ? await ctx.auth.requireRole(req, role) : await ctx.auth.require(req);
      const body = parse(schema, req.body);
      const stepUp = await checkStepUp(ctx.db, ctx.config.sessionSecret, user.id, stepUpCode?.(body), req.ip);
      return answerOnce(ctx.db, req, reply, user.id, (db) => move(db, user, body, stepUp));
    });
  }

  app.post("/api/orders", async (req, reply) => {
    const place = async (db: Db | Tx, caller: Caller, input: z.output<typeof createOrderRequest>): Promise<Answer> => {
      const order = await createOrder({ db, caller, input, windows });
      return { status: 201, body: { order: await presentOrder(db, order, caller) } };
    };
    const answered = await onTokensWord(ctx, req, (claimed) =>
      answerOnce(ctx.db, req, reply, claimed.id, (db) => place(db, claimed, parse(createOrderRequest, req.body)), claimed.unproven),
    );
    if (answered) return reply;
    const user = await ctx.auth.require(req);
    const input = parse(createOrderRequest, req.body);
    return answerOnce(ctx.db, req, reply, user.id, (db) => place(db, user, input));
  });

  app.post("/api/orders/open-requests", async (req, reply) => {
    const user = await ctx.auth.require(req);
    const input = parse(createOpenRequestRequest, req.body);
    return answerOnce(ctx.db, req, reply, user.id, async (db) => {
      const order = await createOpenRequest({ db, config: ctx.config, caller: user, input, windows });
      return { status: 201, body: { order: await presentOrder(db, order, user) } };
    });
  });

  app.get("/api/orders", async (req) => {
    const user = await ctx.auth.require(req);
    return listOrders({ db: ctx.db, caller: user, query: parse(listOrdersQuery, req.query) });
  });

  app.get("/api/orders/:id", async (req) => {
    const user = await ctx.auth.require(req);
    return { order: await getOrder({ db: ctx.db, caller: user, orderId: orderId(req) }) };
  });

  action("/api/orders/:id/accept", emptyRequest, (o) => acceptOrder(o));
  action("/api/orders/:id/mark-paid", emptyRequest, (o) => markPaid(o));
  action(
    "/api/orders/:id/confirm-payment",
    confirmPaymentRequest,
    (o) => confirmPayment({ ...o, sessionSecret: ctx.config.sessionSecret }),
    undefined,
    (body) => body.two_factor_code,
  );
  action("/api/orders/:id/cancel", cancelOrderRequest, (o, body) => cancelOrder({ ...o, reason: body.reason }));
  action("/api/orders/:id/appeal", openAppealRequest, (o, body) => openAppeal({ ...o, reason: body.reason }));
  action("/api/orders/:id/withdraw-appeal", emptyRequest, (o) => withdrawAppeal(o));
  action(
    "/api/admin/orders/:id/resolve",
    resolveAppealRequest,
    (o, body) => resolveAppeal({ ...o, outcome: body.outcome, reason: body.reason }),
    "admin",
  );

  app.post("/api/orders/:id/rating", async (req, reply) => {
    const user = await ctx.auth.require(req);
    const { stars } = parse(rateOrderRequest, req.body);
    return reply.status(201).send(await rateOrder({ db: ctx.db, caller: user, orderId: orderId(req), stars }));
  });

  app.get("/api/marketplace", async (req) => {
    const user = await ctx.auth.requireRole(req, "merchant");
    return { requests: await listMarketplace({ db: ctx.db, merchantId: user.id }) };
  });

  app.get("/api/transaction-history", async (req) => {
    const user = await ctx.auth.require(req);
    return listTransactionHistory({ db: ctx.db, userId: user.id, query: parse(transactionHistoryQuery, req.query) });
  });

  app.get("/api/admin/orders", async (req) => {
    const user = await ctx.auth.requireRole(req, "admin");
    return listAllOrders({ db: ctx.db, caller: user, query: parse(adminListOrdersQuery, req.query) });
  });
}
