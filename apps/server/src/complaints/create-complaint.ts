import type { z } from "zod";
import type { Complaint, createComplaintRequest } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { auditLog, helpTickets } from "../db/schema.js";
import { adminQueueChanged } from "../realtime/admin-queues.js";
import { transact } from "../db/transact.js";

type Input = z.output<typeof createComplaintRequest>;

/** Files a complaint with status open (spec §4); the user's own, always. */
export async function createComplaint(db: Db, userId: string, input: Input): Promise<Complaint> {
  return transact(db, async (tx) => {
    const [row] = await tx
      .insert(helpTickets)
      .values({ userId, ...input, status: "open" })
      .returning();
    await tx.insert(auditLog).values({
      actorId: userId,
      action: "complaint.created",
      targetType: "help_ticket",
      targetId: row!.id,
      data: { category: input.category, priority: input.priority },
    });
    await adminQueueChanged(tx, "complaints");
    return presentComplaint(row!);
  });
}

export function presentComplaint(row: typeof helpTickets.$inferSelect): Complaint {
  return {
    id: row.id,
    category: row.category,
    priority: row.priority,
    subject: row.subject,
    message: row.message,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
