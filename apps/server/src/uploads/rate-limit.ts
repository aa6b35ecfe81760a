import { UPLOAD_TEXTS } from "@p2p/shared";
import { sql } from "drizzle-orm";
import type { Config } from "../config.js";
import { queryRows, type Db } from "../db/client.js";
import { AppError } from "../http/errors.js";

/** Images one account may upload per 10 minutes. */
export const UPLOADS_PER_10_MINUTES = 30;

/** Per-account upload limit, counted from the uploads themselves (the same count on every process). */
export async function assertUploadRate(db: Db, config: Config, ownerId: string): Promise<void> {
  if (config.RATE_LIMITS === "off") return;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from uploads where owner_id = ${ownerId} and created_at > now() - interval '10 minutes'`,
  );
  if (Number(row?.n ?? 0) >= UPLOADS_PER_10_MINUTES) {
    throw new AppError("RATE_LIMITED", UPLOAD_TEXTS.tooFast);
  }
}
