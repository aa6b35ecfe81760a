import { createPayoutBatchRequest, payoutBatchListResponse, payoutBatchResponse, payoutBatchSchema } from "@p2p/shared";
import { z } from "zod";
import { contracts } from "../openapi/route-contract.js";

const SIGNER = "What the external signer needs and nothing more: each withdrawal's id, network, address and the amount to send (its receive amount).";

export const payoutContract = contracts("Payouts", {
  "GET /api/admin/payout-batches": {
    summary: "The latest payout batches, newest first",
    access: "admin",
    responses: { 200: payoutBatchListResponse },
  },
  "POST /api/admin/payout-batches": {
    summary: "Put a network's approved withdrawals not yet batched into a payout batch for the signer",
    description: "409 when none is waiting. Batched withdrawals can no longer be rejected.",
    access: "admin",
    body: createPayoutBatchRequest,
    idempotent: true,
    responses: { 201: z.object({ batch: payoutBatchSchema }) },
  },
  "GET /api/admin/payout-batches/:id": {
    summary: "One payout batch with its items",
    access: "admin",
    responses: { 200: payoutBatchResponse },
  },
  "GET /api/admin/payout-batches/:id/items.json": {
    summary: "A payout batch as a JSON file for the signer",
    description: SIGNER,
    access: "admin",
    responses: { 200: payoutBatchResponse },
  },
  "GET /api/admin/payout-batches/:id/items.csv": {
    summary: "A payout batch as a CSV file for the signer (id, network, address, amount)",
    description: SIGNER,
    access: "admin",
    responses: { 200: "csv" },
  },
});
