import type { AdminQueue } from "@p2p/shared";

/**
 * The admin panel's queries a change to a queue makes stale (prefixes of the keys in
 * admin/queries.ts, admin/sections/people-data.ts and complaints/queries.ts), and the overview's
 * counts. Kept apart from those modules so the realtime router stays small.
 */
const QUEUE_KEYS: Record<AdminQueue | "appeals", readonly (readonly string[])[]> = {
  deposits: [["admin", "deposits"]],
  withdrawals: [["admin", "withdrawals"]],
  complaints: [
    ["complaints", "admin"],
    ["complaints", "detail"],
  ],
  merchant_applications: [["admin", "merchant-applications"]],
  appeals: [["admin", "orders", "disputed"]],
  admin_proposals: [
    ["admin", "user"],
    ["admin", "user-search"],
    ["admin", "audit-log"],
  ],
};

/** The admin Coins section's list (listing, fee rate, fees earned), which follows the coins view too. */
export const ADMIN_COINS_KEY = ["admin", "coins"] as const;

export function staleAdminKeys(queue: AdminQueue | "appeals"): (readonly string[])[] {
  return [...QUEUE_KEYS[queue], ["admin", "overview"]];
}
