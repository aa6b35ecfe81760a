import { auditLogExportQuery, ledgerEntriesExportQuery, transactionsExportQuery, usersExportQuery } from "@p2p/shared";
import { contracts } from "../openapi/route-contract.js";

const STREAMED = "Streamed in pages; the download takes one of the admin's exports an hour and is written to the audit log first.";

export const exportContract = contracts("Exports", {
  "GET /api/admin/exports/users": {
    summary: "The users list as a CSV file, with its filters",
    access: "admin",
    description: STREAMED,
    query: usersExportQuery,
    responses: { 200: "csv" },
  },
  "GET /api/admin/exports/audit-log": {
    summary: "The audit log as a CSV file, with its filters",
    access: "admin",
    description: `${STREAMED} The file lists its own download.`,
    query: auditLogExportQuery,
    responses: { 200: "csv" },
  },
  "GET /api/admin/exports/ledger-entries": {
    summary: "Ledger entries as a CSV file, by account, person, coin, account kind and days",
    access: "admin",
    description: STREAMED,
    query: ledgerEntriesExportQuery,
    responses: { 200: "csv" },
  },
  "GET /api/admin/exports/transactions": {
    summary: "Deposits, withdrawals and trades as a CSV file, by kind, person, coin, status and days",
    access: "admin",
    description: STREAMED,
    query: transactionsExportQuery,
    responses: { 200: "csv" },
  },
});
