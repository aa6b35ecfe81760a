import {
  buildLiabilitiesRequest,
  emptyRequest,
  liabilityProofQuery,
  liabilityProofResponse,
  liabilityRootsResponse,
  readReservesResponse,
  reservesResponse,
} from "@p2p/shared";
import { contracts } from "../openapi/route-contract.js";

export const reserveContract = contracts("Reserves", {
  "GET /api/admin/reserves": {
    summary: "Per coin, what the ledger owes users beside what the watched deposit addresses hold on chain",
    access: "admin",
    responses: { 200: reservesResponse },
  },
  "POST /api/admin/reserves/read": {
    summary: "Read the deposit addresses' on-chain balances now",
    access: "admin",
    body: emptyRequest,
    responses: { 200: readReservesResponse },
  },
  "POST /api/admin/liabilities": {
    summary: "Build a proof-of-liabilities snapshot now, of one coin or every listed coin (audited)",
    access: "admin",
    body: buildLiabilitiesRequest,
    responses: { 201: liabilityRootsResponse },
  },
  "GET /api/liabilities": {
    summary: "The latest proof-of-liabilities root of each coin: hash, total and number of balances",
    access: "public",
    responses: { 200: liabilityRootsResponse },
  },
  "GET /api/wallet/liability-proof": {
    summary: "The caller's own balance in the coin's latest proof of liabilities, with the path to its root",
    description: "404 when no snapshot of the coin exists yet, or the caller held none of it when the latest was taken.",
    access: "signed-in",
    query: liabilityProofQuery,
    responses: { 200: liabilityProofResponse },
  },
});
