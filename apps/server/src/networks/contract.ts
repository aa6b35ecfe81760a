import { depositAddressQuery, depositAddressResponse, networkListResponse } from "@p2p/shared";
import { contracts } from "../openapi/route-contract.js";

export const networkContract = contracts("Networks", {
  "GET /api/networks": {
    summary: "The networks each listed coin moves on, with minimums, fees and confirmations",
    access: "public",
    responses: { 200: networkListResponse },
  },
  "GET /api/wallet/deposit-address": {
    summary: "Where the caller sends a deposit on a network: their own address (EVM) or the platform address and their memo (manual)",
    access: "signed-in",
    query: depositAddressQuery,
    responses: { 200: depositAddressResponse },
  },
});
