import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  createDepositRequest,
  createWithdrawalRequest,
  emptyRequest,
  listDepositsQuery,
  listWithdrawalsQuery,
  markWithdrawalSentRequest,
  rejectRequest,
  walletEntriesQuery,
} from "@p2p/shared";
import type { AppContext } from "../context.js";
import { answerOnce } from "../http/idempotency.js";
import { parse } from "../http/parse.js";
import { cancelWithdrawal } from "./cancel-withdrawal.js";
import { approveWithdrawal } from "./approve-withdrawal.js";
import { confirmDeposit } from "./confirm-deposit.js";
import { createDeposit } from "./create-deposit.js";
import { getWallet } from "./get-wallet.js";
import { listDeposits, listDepositsForReview, listWithdrawals, listWithdrawalsForReview } from "./list-requests.js";
import { listWalletEntries } from "./list-wallet-entries.js";
import { markWithdrawalSent } from "./mark-withdrawal-sent.js";
import { rejectDeposit } from "./reject-deposit.js";
import { rejectWithdrawal } from "./reject-withdrawal.js";
import { requestWithdrawal } from "./request-withdrawal.js";
import { checkStepUp } from "../auth/step-up.js";

const idParam = (req: FastifyRequest) => (req.params as { id: string }).id;

export async function walletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/wallet", async (req) => {
    const user = await ctx.auth.require(req);
    return { balances: await getWallet({ db: ctx.db, userId: user.id }) };
  });

  app.get("/api/wallet/entries", async (req) => {
    const user = await ctx.auth.require(req);
    const q = parse(walletEntriesQuery, req.query);
    return listWalletEntries({ db: ctx.db, userId: user.id, coin: q.coin, page: q.page, pageSize: q.page_size });
  });

  app.get("/api/wallet/deposits", async (req) => {
    const user = await ctx.auth.require(req);
    return listDeposits({ db: ctx.db, userId: user.id, query: parse(listDepositsQuery, req.query) });
  });

  app.post("/api/wallet/deposits", async (req, reply) => {
    const user = await ctx.auth.require(req);
    const input = parse(createDepositRequest, req.body);
    return answerOnce(ctx.db, req, reply, user.id, async (db) => ({
      status: 201,
      body: { deposit: await createDeposit({ db, userId: user.id, input }) },
    }));
  });

  app.get("/api/wallet/withdrawals", async (req) => {
    const user = await ctx.auth.require(req);
    return listWithdrawals({ db: ctx.db, userId: user.id, query: parse(listWithdrawalsQuery, req.query) });
  });

  app.post("/api/wallet/withdrawals", async (req, reply) => {
    const user = await ctx.auth.require(req);
    const input = parse(createWithdrawalRequest, req.body);
    const stepUp = await checkStepUp(ctx.db, ctx.config.sessionSecret, user.id, input.two_factor_code, req.ip);
    return answerOnce(ctx.db, req, reply, user.id, async (db) => ({
      status: 201,
      body: { withdrawal: await requestWithdrawal({ db, userId: user.id, input, stepUp, sessionSecret: ctx.config.sessionSecret }) },
    }));
  });

  app.post("/api/wallet/withdrawals/:id/cancel", async (req, reply) => {
    const user = await ctx.auth.require(req);
    parse(emptyRequest, req.body);
    return answerOnce(ctx.db, req, reply, user.id, async (db) => ({
      status: 200,
      body: { withdrawal: await cancelWithdrawal({ db, userId: user.id, withdrawalId: idParam(req) }) },
    }));
  });

  app.get("/api/admin/deposits", async (req) => {
    await ctx.auth.requireRole(req, "admin");
    return listDepositsForReview({ db: ctx.db, query: parse(listDepositsQuery, req.query) });
  });

  app.post("/api/admin/deposits/:id/confirm", async (req, reply) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    parse(emptyRequest, req.body);
    return answerOnce(ctx.db, req, reply, admin.id, async (db) => ({
      status: 200,
      body: { deposit: await confirmDeposit({ db, adminId: admin.id, depositId: idParam(req) }) },
    }));
  });

  app.post("/api/admin/deposits/:id/reject", async (req, reply) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    const { reason } = parse(rejectRequest, req.body);
    return answerOnce(ctx.db, req, reply, admin.id, async (db) => ({
      status: 200,
      body: { deposit: await rejectDeposit({ db, adminId: admin.id, depositId: idParam(req), reason }) },
    }));
  });

  app.get("/api/admin/withdrawals", async (req) => {
    await ctx.auth.requireRole(req, "admin");
    return listWithdrawalsForReview({
      db: ctx.db,
      query: parse(listWithdrawalsQuery, req.query),
      twoAdminsAbove: ctx.config.WITHDRAWAL_TWO_ADMINS_ABOVE,
    });
  });

  app.post("/api/admin/withdrawals/:id/approve", async (req, reply) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    parse(emptyRequest, req.body);
    return answerOnce(ctx.db, req, reply, admin.id, async (db) => ({
      status: 200,
      body: {
        withdrawal: await approveWithdrawal({
          db,
          adminId: admin.id,
          withdrawalId: idParam(req),
          twoAdminsAbove: ctx.config.WITHDRAWAL_TWO_ADMINS_ABOVE,
        }),
      },
    }));
  });

  app.post("/api/admin/withdrawals/:id/sent", async (req, reply) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    const { tx_hash } = parse(markWithdrawalSentRequest, req.body);
    return answerOnce(ctx.db, req, reply, admin.id, async (db) => ({
      status: 200,
      body: {
        withdrawal: await markWithdrawalSent({
          db,
          adminId: admin.id,
          withdrawalId: idParam(req),
          txHash: tx_hash,
          config: ctx.config,
        }),
      },
    }));
  });

  app.post("/api/admin/withdrawals/:id/reject", async (req, reply) => {
    const admin = await ctx.auth.requireRole(req, "admin");
    const { reason } = parse(rejectRequest, req.body);
    return answerOnce(ctx.db, req, reply, admin.id, async (db) => ({
      status: 200,
      body: { withdrawal: await rejectWithdrawal({ db, adminId: admin.id, withdrawalId: idParam(req), reason }) },
    }));
  });
}
