import { index, pgTable, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema-core.js";
import { appeals } from "./schema-trading.js";
import { uploads } from "./schema-uploads.js";

/**
 * Images a party attached to an appeal (/appeals). The upload itself is marked attached to
 * `appeal_evidence` with the order's id, so the order's participants and admins may see it.
 */
export const appealEvidence = pgTable(
  "appeal_evidence",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appealId: uuid("appeal_id")
      .notNull()
      .references(() => appeals.id),
    uploadId: uuid("upload_id")
      .notNull()
      .references(() => uploads.id),
    addedBy: uuid("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("appeal_evidence_upload_key").on(t.uploadId), index("appeal_evidence_appeal_idx").on(t.appealId, t.createdAt)],
);
