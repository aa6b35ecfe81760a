import {
  buildMerkleSumTree,
  fillTemplate,
  formatCoin,
  LIABILITY_TEXTS,
  parseCoin,
  proofPath,
  type LiabilityProofAnswer,
  type LiabilityRoot,
  type SumNode,
} from "@p2p/shared";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { liabilityLeaves, liabilitySnapshots } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { presentLiabilityRoot } from "./present.js";

/** The latest published root of each coin that has one (shown on /status). */
export async function listLiabilityRoots(db: Db): Promise<LiabilityRoot[]> {
  const rows = await db
    .selectDistinctOn([liabilitySnapshots.coin])
    .from(liabilitySnapshots)
    .orderBy(asc(liabilitySnapshots.coin), desc(liabilitySnapshots.createdAt), desc(liabilitySnapshots.id));
  return rows.map(presentLiabilityRoot);
}

/**
 * The caller's own leaf in the coin's latest snapshot and its path to the root. Only the caller's
 * leaf is ever served; the siblings are hashes and sums that reveal no one's balance alone.
 */
export async function getLiabilityProof(options: { db: Db; userId: string; coin: string }): Promise<LiabilityProofAnswer> {
  const { db, userId, coin } = options;
  const [snapshot] = await db
    .select()
    .from(liabilitySnapshots)
    .where(eq(liabilitySnapshots.coin, coin))
    .orderBy(desc(liabilitySnapshots.createdAt), desc(liabilitySnapshots.id))
    .limit(1);
  if (!snapshot) throw new AppError("NOT_FOUND", fillTemplate(LIABILITY_TEXTS.noSnapshot, { coin }));
  const [mine] = await db
    .select()
    .from(liabilityLeaves)
    .where(and(eq(liabilityLeaves.snapshotId, snapshot.id), eq(liabilityLeaves.userId, userId)));
  if (!mine) throw new AppError("NOT_FOUND", fillTemplate(LIABILITY_TEXTS.noLeaf, { coin }));
  const levels = await treeOf(db, snapshot.id, snapshot.rootHash);
  return {
    ...presentLiabilityRoot(snapshot),
    user_id: userId,
    balance: mine.balance,
    salt: mine.salt,
    index: mine.leafIndex,
    path: proofPath(levels, mine.leafIndex).map((s) => ({ hash: s.hash, sum: formatCoin(s.sum) })),
  };
}

/** The trees of the latest few snapshots, built once each: a snapshot never changes, and every user's proof reads the same tree. */
const trees = new Map<string, Promise<SumNode[][]>>();
const KEPT_TREES = 8;

function treeOf(db: Db, snapshotId: string, rootHash: string): Promise<SumNode[][]> {
  let tree = trees.get(snapshotId);
  if (!tree) {
    tree = (async () => {
      const all = await db
        .select({ userId: liabilityLeaves.userId, balance: liabilityLeaves.balance, salt: liabilityLeaves.salt })
        .from(liabilityLeaves)
        .where(eq(liabilityLeaves.snapshotId, snapshotId))
        .orderBy(asc(liabilityLeaves.leafIndex));
      const { levels, root } = buildMerkleSumTree(all.map((l) => ({ ...l, balance: parseCoin(l.balance) })));
      if (root.hash !== rootHash) throw new Error(`liability snapshot ${snapshotId} no longer matches its published root`);
      return levels;
    })();
    trees.set(snapshotId, tree);
    tree.catch(() => trees.delete(snapshotId));
    while (trees.size > KEPT_TREES) trees.delete(trees.keys().next().value!);
  }
  return tree;
}
