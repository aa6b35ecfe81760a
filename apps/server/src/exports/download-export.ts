import type { Readable } from "node:stream";
import type { ExportKind } from "@p2p/shared";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { transact } from "../db/transact.js";
import { recordAudit } from "../audit/record-audit.js";
import { ACCOUNT_QUOTAS, takeAccountQuota } from "../http/account-quota.js";
import { csvStream, EXPORT_PAGE_SIZE, type CsvExport } from "./csv-export.js";

/**
 * An admin's CSV download. Before any row is read, one transaction takes a unit of the admin's
 * export quota and writes the audit row (who, which export, which filters); a refusal leaves
 * neither. Then the rows stream page by page (csv-export.ts). An audit-log export lists its own row.
 */
export async function downloadExport(options: {
  db: Db;
  config: Config;
  adminId: string;
  kind: ExportKind;
  /** The filters as parsed, recorded in the audit row. */
  filters: Record<string, unknown>;
  source: CsvExport;
  pageSize?: number;
}): Promise<Readable> {
  const { db, config, adminId, kind, filters, source } = options;
  await transact(db, async (tx) => {
    await takeAccountQuota(tx, config, ACCOUNT_QUOTAS.exports, adminId);
    await recordAudit(tx, { actorId: adminId, action: "export.downloaded", targetType: "export", targetId: kind, data: { kind, filters } });
  });
  return csvStream(source, options.pageSize ?? EXPORT_PAGE_SIZE);
}

/** `users-2026-01-31.csv`: the export's kind and the day (UTC) it was made. */
export const exportFilename = (kind: ExportKind, now = new Date()) => `${kind}-${now.toISOString().slice(0, 10)}.csv`;
