import type { LiabilityRoot } from "@p2p/shared";
import type { liabilitySnapshots } from "../db/schema.js";

export function presentLiabilityRoot(row: typeof liabilitySnapshots.$inferSelect): LiabilityRoot {
  return {
    snapshot_id: row.id,
    coin: row.coin,
    root_hash: row.rootHash,
    total: row.total,
    leaf_count: row.leafCount,
    created_at: row.createdAt.toISOString(),
  };
}
