import { randomBytes, randomInt } from "node:crypto";
import {
  buildMerkleSumTree,
  COIN_TEXTS,
  fillTemplate,
  formatCoin,
  LIABILITY_TEXTS,
  parseCoin,
  type LiabilityLeaf,
  type LiabilityRoot,
} from "@p2p/shared";
import { asc, eq, sql } from "drizzle-orm";
import { recordAdminAction } from "../audit/record-audit.js";
import { queryRows, type Db, type Tx } from "../db/client.js";
import { coins, liabilityLeaves, liabilitySnapshots } from "../db/schema.js";
import { transact } from "../db/transact.js";
import { AppError } from "../http/errors.js";
import { findCoin } from "../coins/find-coin.js";
import { presentLiabilityRoot } from "./present.js";

const INSERT_BATCH = 1_000;

/**
 * Builds a proof-of-liabilities snapshot of one coin, or of every listed coin: each user's
 * balance (available + escrow + withdrawing) as a leaf with a fresh secret salt, in a random order
 * so a leaf's place says nothing about whose it is, and the Merkle-sum tree's root and total
 * (packages/shared liabilities/merkle-sum.ts). An admin's build is audited; the daily job's is not
 * (adminId null).
 */
export async function buildLiabilitySnapshots(options: { db: Db; adminId: string | null; coin?: string }): Promise<LiabilityRoot[]> {
  const { db, adminId } = options;
  let symbols: string[];
  if (options.coin) {
    // A delisted coin may still be held: its snapshot can be built on demand.
    const coin = await findCoin(db, options.coin);
    if (!coin) throw new AppError("NOT_FOUND", fillTemplate(COIN_TEXTS.noCoin, { coin: options.coin }));
    symbols = [coin.symbol];
  } else {
    const listed = await db.select({ symbol: coins.symbol }).from(coins).where(eq(coins.listed, true)).orderBy(asc(coins.sortOrder));
    symbols = listed.map((c) => c.symbol);
    if (symbols.length === 0) throw new AppError("CONFLICT", LIABILITY_TEXTS.noListedCoins);
  }
  const roots: LiabilityRoot[] = [];
  for (const coin of symbols) roots.push(await transact(db, (tx) => buildOne(tx, coin, adminId)));
  return roots;
}

async function buildOne(tx: Tx, coin: string, adminId: string | null): Promise<LiabilityRoot> {
  // One statement reads every balance at one moment; no user account is ever below zero (a CHECK).
  const balances = await queryRows<{ user_id: string; balance: string }>(
    tx,
    sql`select user_id, sum(balance)::text as balance from ledger_accounts
        where coin = ${coin} and kind in ('available', 'escrow', 'withdrawing') and user_id is not null
        group by user_id having sum(balance) > 0`,
  );
  const leaves: LiabilityLeaf[] = balances.map((b) => ({ userId: b.user_id, balance: parseCoin(b.balance), salt: randomBytes(16).toString("hex") }));
  shuffle(leaves);
  const { root } = buildMerkleSumTree(leaves);
  const [snapshot] = await tx
    .insert(liabilitySnapshots)
    .values({ coin, rootHash: root.hash, total: formatCoin(root.sum), leafCount: leaves.length })
    .returning();
  for (let i = 0; i < leaves.length; i += INSERT_BATCH) {
    await tx.insert(liabilityLeaves).values(
      leaves.slice(i, i + INSERT_BATCH).map((leaf, j) => ({
        snapshotId: snapshot!.id,
        leafIndex: i + j,
        userId: leaf.userId,
        balance: formatCoin(leaf.balance),
        salt: leaf.salt,
      })),
    );
  }
  const answer = presentLiabilityRoot(snapshot!);
  if (adminId) {
    await recordAdminAction(tx, {
      actorId: adminId,
      action: "liabilities.snapshot_built",
      targetType: "liability_snapshot",
      targetId: snapshot!.id,
      data: { coin, root_hash: answer.root_hash, total: answer.total, leaf_count: answer.leaf_count },
    });
  }
  return answer;
}

/** Fisher–Yates with the crypto generator. */
function shuffle<T>(items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}
