import { adminContract } from "../admin/contract.js";
import { appealContract } from "../appeals/contract.js";
import { authContract } from "../auth/contract.js";
import { badgeContract } from "../badges/contract.js";
import { chatContract } from "../chat/contract.js";
import { coinContract } from "../coins/contract.js";
import { networkContract } from "../networks/contract.js";
import { payoutContract } from "../payouts/contract.js";
import { reserveContract } from "../reserves/contract.js";
import { complaintContract } from "../complaints/contract.js";
import { dashboardContract } from "../dashboard/contract.js";
import { exportContract } from "../exports/contract.js";
import { healthContract } from "../health/contract.js";
import { liveChatContract } from "../live-chat/contract.js";
import { merchantApplicationContract } from "../merchant-applications/contract.js";
import { merchantChatContract } from "../merchant-chat/contract.js";
import { notificationContract } from "../notifications/contract.js";
import { offerContract } from "../offers/contract.js";
import { orderContract } from "../orders/contract.js";
import { profileContract } from "../profiles/contract.js";
import { pushContract } from "../push/contract.js";
import { telegramContract } from "../telegram/contract.js";
import { ticketContract } from "../tickets/contract.js";
import { uploadContract } from "../uploads/contract.js";
import { walletContract } from "../wallet/contract.js";
import { openApiContract } from "./contract.js";
import type { RouteKey, TaggedContract } from "./route-contract.js";

/**
 * Every route under /api with what it takes and answers, gathered from each domain's
 * `contract.ts`, in the document's order. A new domain adds its table here.
 */
export const API_CONTRACTS: Readonly<Record<RouteKey, TaggedContract>> = gather([
  healthContract,
  authContract,
  profileContract,
  dashboardContract,
  coinContract,
  offerContract,
  orderContract,
  chatContract,
  appealContract,
  walletContract,
  networkContract,
  payoutContract,
  reserveContract,
  notificationContract,
  badgeContract,
  pushContract,
  telegramContract,
  uploadContract,
  complaintContract,
  ticketContract,
  merchantApplicationContract,
  merchantChatContract,
  liveChatContract,
  adminContract,
  exportContract,
  openApiContract,
]);

function gather(tables: Record<RouteKey, TaggedContract>[]): Record<RouteKey, TaggedContract> {
  const all: Record<RouteKey, TaggedContract> = {};
  for (const table of tables) {
    for (const [key, contract] of Object.entries(table) as [RouteKey, TaggedContract][]) {
      if (key in all) throw new Error(`${key} has two contracts (${all[key]!.tag} and ${contract.tag})`);
      all[key] = contract;
    }
  }
  return all;
}

/** Fails the app's start when a route under /api has no contract: the document would miss it. */
export function requireContract(method: string, url: string): void {
  if (!url.startsWith("/api/") || method === "HEAD") return;
  if (`${method} ${url}` in API_CONTRACTS) return;
  throw new Error(`${method} ${url} has no contract: declare what it takes and answers in its domain's contract.ts (openapi/route-contract.ts)`);
}
