import {
  createNetworkRequest,
  depositAddressQuery,
  depositAddressResponse,
  networkListResponse,
  networkResponse,
  updateNetworkRequest,
} from "@p2p/shared";
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
  "GET /api/admin/networks": {
    summary: "Every coin's networks, listed or not, for admins to manage",
    access: "admin",
    responses: { 200: networkListResponse },
  },
  "POST /api/admin/networks": {
    summary: "Add a network to a coin (an EVM one gets the next free address branch); audited",
    access: "admin",
    body: createNetworkRequest,
    responses: { 201: networkResponse },
  },
  "PATCH /api/admin/networks/:coin/:code": {
    summary: "Change a network's settings (minimum, fee, confirmations, switches, addresses); audited with before and after",
    access: "admin",
    body: updateNetworkRequest,
    responses: { 200: networkResponse },
  },
});
