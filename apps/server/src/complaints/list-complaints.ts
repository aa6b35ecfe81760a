import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { adminListComplaintsQuery, ComplaintPage, listComplaintsQuery } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { helpTickets } from "../db/schema.js";
import { complaintPage } from "./present.js";

/** The caller's own complaints, newest first (/tickets-complaints). */
export function listMyComplaints(options: { db: Db; userId: string; query: z.output<typeof listComplaintsQuery> }): Promise<ComplaintPage> {
  return complaintPage(options.db, eq(helpTickets.userId, options.userId), options.query);
}

/** Every complaint for the admin queue, newest first, by status, priority and category. */
export function listAllComplaints(options: { db: Db; query: z.output<typeof adminListComplaintsQuery> }): Promise<ComplaintPage> {
  const { query } = options;
  const where = and(
    query.status ? eq(helpTickets.status, query.status) : undefined,
    query.priority ? eq(helpTickets.priority, query.priority) : undefined,
    query.category ? eq(helpTickets.category, query.category) : undefined,
  );
  return complaintPage(options.db, where, query);
}
