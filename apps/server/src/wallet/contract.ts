import {
  adminDepositListResponse,
  adminWithdrawalListResponse,
  createDepositRequest,
  createWithdrawalRequest,
  depositListResponse,
  depositSchema,
  emptyRequest,
  listDepositsQuery,
  listWithdrawalsQuery,
  markWithdrawalSentRequest,
  rejectRequest,
  walletEntriesQuery,
  walletEntriesResponse,
  walletResponse,
  withdrawalListResponse,
  withdrawalSchema,
} from "@p2p/shared";
import { z } from "zod";
import { contracts } from "../openapi/route-contract.js";

const depositResponse = z.object({ deposit: depositSchema });
const withdrawalResponse = z.object({ withdrawal: withdrawalSchema });

export const walletContract = contracts("Wallet", {
  "GET /api/wallet": { summary: "The caller's balance of each coin", access: "signed-in", responses: { 200: walletResponse } },
  "GET /api/wallet/entries": {
    summary: "The caller's ledger entries, newest first",
    access: "signed-in",
    query: walletEntriesQuery,
    responses: { 200: walletEntriesResponse },
  },
  "GET /api/wallet/deposits": {
    summary: "The caller's deposits",
    access: "signed-in",
    query: listDepositsQuery,
    responses: { 200: depositListResponse },
  },
  "POST /api/wallet/deposits": {
    summary: "Report a deposit (its transaction hash) for an admin to confirm",
    access: "signed-in",
    body: createDepositRequest,
    idempotent: true,
    responses: { 201: depositResponse },
  },
  "GET /api/wallet/withdrawals": {
    summary: "The caller's withdrawals",
    access: "signed-in",
    query: listWithdrawalsQuery,
    responses: { 200: withdrawalListResponse },
  },
  "POST /api/wallet/withdrawals": {
    summary: "Request a withdrawal on a network; the amount is held until it is paid out or rejected",
    description: "With two-factor on, two_factor_code is required (403 TWO_FACTOR_REQUIRED without it).",
    access: "signed-in",
    body: createWithdrawalRequest,
    idempotent: true,
    responses: { 201: withdrawalResponse },
  },
  "POST /api/wallet/withdrawals/:id/cancel": {
    summary: "Cancel one's own pending withdrawal",
    access: "signed-in",
    body: emptyRequest,
    idempotent: true,
    responses: { 200: withdrawalResponse },
  },
  "GET /api/admin/deposits": {
    summary: "Deposits to review",
    access: "admin",
    query: listDepositsQuery,
    responses: { 200: adminDepositListResponse },
  },
  "POST /api/admin/deposits/:id/confirm": {
    summary: "Confirm a deposit: the coins are credited",
    description: "Never one's own deposit (four eyes).",
    access: "admin",
    body: emptyRequest,
    idempotent: true,
    responses: { 200: depositResponse },
  },
  "POST /api/admin/deposits/:id/reject": {
    summary: "Reject a deposit with a reason",
    access: "admin",
    body: rejectRequest,
    idempotent: true,
    responses: { 200: depositResponse },
  },
  "GET /api/admin/withdrawals": {
    summary: "Withdrawals to review",
    access: "admin",
    query: listWithdrawalsQuery,
    responses: { 200: adminWithdrawalListResponse },
  },
  "POST /api/admin/withdrawals/:id/approve": {
    summary: "Approve a pending withdrawal; above the coin's two-admin amount it takes two different admins",
    description: "Never one's own (403), once per admin (409). With the approvals it needs it becomes approved, ready for a payout batch.",
    access: "admin",
    body: emptyRequest,
    idempotent: true,
    responses: { 200: withdrawalResponse },
  },
  "POST /api/admin/withdrawals/:id/sent": {
    summary: "File the on-chain hash that paid an approved, batched withdrawal",
    description:
      "On an EVM network this server reaches, the chain decides: a transaction paying the address the receive amount makes it sent; one paying anything else is 409 and nothing changes; one not on chain yet leaves it verifying until the recurring check finds it. Elsewhere the hash is final. One hash pays one withdrawal (409 DUPLICATE_TX_HASH).",
    access: "admin",
    body: markWithdrawalSentRequest,
    idempotent: true,
    responses: { 200: withdrawalResponse },
  },
  "POST /api/admin/withdrawals/:id/reject": {
    summary: "Reject a withdrawal, pending or approved until it is batched: the held amount returns",
    access: "admin",
    body: rejectRequest,
    idempotent: true,
    responses: { 200: withdrawalResponse },
  },
});
