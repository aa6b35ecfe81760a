/*
 * The admins' CSV exports, apart from their schemas (schemas/exports.ts), so the admin screens'
 * download buttons do not load zod.
 */

/** Each export is `GET /api/admin/exports/<kind>` with its list's filters as the query string. */
export const EXPORT_KINDS = ["users", "audit-log", "ledger-entries", "transactions"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** What the transactions export lists: coins in, coins out, and trades between people. */
export const TRANSACTION_KINDS = ["deposit", "withdrawal", "trade"] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** The download's address with the filters that are set (empty ones are left out). */
export function exportPath(kind: ExportKind, filters: Record<string, string | undefined | null> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  const search = query.toString();
  return `/api/admin/exports/${kind}${search ? `?${search}` : ""}`;
}
