import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { AppealPage, listAppealsQuery } from "@p2p/shared";
import type { Db } from "../db/client.js";
import type { Caller } from "../orders/order-actors.js";
import { appealCount, appealRows, presentAppeal, visibleTo } from "./present.js";

/**
 * /appeals: the disputed orders the caller is the buyer or seller of (every one for an admin),
 * each with its latest appeal, newest first. `state=open` keeps those under review now.
 */
export async function listAppeals(options: { db: Db; caller: Caller; query: z.output<typeof listAppealsQuery> }): Promise<AppealPage> {
  const { db, caller, query } = options;
  const state = query.state === "open" ? sql` and o.status = 'disputed'` : query.state === "closed" ? sql` and o.status <> 'disputed'` : sql``;
  const where = sql`${visibleTo(caller)}${state}`;
  const [rows, total] = await Promise.all([
    appealRows(db, where, { limit: query.page_size, offset: (query.page - 1) * query.page_size }),
    appealCount(db, where),
  ]);
  return { page: query.page, page_size: query.page_size, total, appeals: rows.map((row) => presentAppeal(row, caller.id)) };
}
