import { sha256 } from "@noble/hashes/sha2.js";
import { formatCoin, parseCoin } from "../money/decimal.js";

/*
 * Proof of liabilities: a Merkle-sum tree of the users' balances of one coin. The server builds it
 * and publishes its root; each user's browser recomputes the root from their own leaf and the path
 * with this same code.
 *
 *   leaf   = H("leaf|" user_id "|" balance "|" salt)                       sum = balance
 *   node   = H("node|" left.hash "|" left.sum "|" right.hash "|" right.sum)  sum = left.sum + right.sum
 *   empty  = H("empty")                                                      sum = 0
 *
 * H is SHA-256 of the UTF-8 text, written as 64 lower-case hex digits; sums are bigint 1e-8 units
 * of the coin, written in the hashed text as 8-place decimals ("12.50000000"). A level with an odd
 * number of nodes is padded with the empty node on its right, so every node has two children and a
 * proof has exactly depth(leafCount) siblings. Each parent commits to both children's sums, not only
 * their total, and no sum may be negative: a sibling cannot carry a negative amount that would hide
 * someone's balance from the total.
 */

export type SumNode = { hash: string; sum: bigint };
export type LiabilityLeaf = { userId: string; balance: bigint; salt: string };
/** A sibling on the path as it travels over the wire: sum as an 8-place decimal. */
export type ProofStep = { hash: string; sum: string };

const utf8 = new TextEncoder();
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const h = (text: string) => hex(sha256(utf8.encode(text)));

export class MerkleSumError extends Error {}

export const EMPTY_NODE: SumNode = Object.freeze({ hash: h("empty"), sum: 0n });

export function leafNode(leaf: LiabilityLeaf): SumNode {
  if (leaf.balance < 0n) throw new MerkleSumError("a balance cannot be negative");
  return { hash: h(`leaf|${leaf.userId}|${formatCoin(leaf.balance)}|${leaf.salt}`), sum: leaf.balance };
}

export function parentNode(left: SumNode, right: SumNode): SumNode {
  if (left.sum < 0n || right.sum < 0n) throw new MerkleSumError("a sum cannot be negative");
  return {
    hash: h(`node|${left.hash}|${formatCoin(left.sum)}|${right.hash}|${formatCoin(right.sum)}`),
    sum: left.sum + right.sum,
  };
}

/** How many siblings a proof in a tree of `leafCount` leaves has (0 for one leaf or none). */
export function treeDepth(leafCount: number): number {
  let depth = 0;
  for (let width = leafCount; width > 1; width = Math.ceil(width / 2)) depth++;
  return depth;
}

/** Every level from the leaves (levels[0]) to the root (the last level's one node); no leaves: the empty node. */
export function buildMerkleSumTree(leaves: readonly LiabilityLeaf[]): { levels: SumNode[][]; root: SumNode } {
  if (leaves.length === 0) return { levels: [[EMPTY_NODE]], root: EMPTY_NODE };
  const levels: SumNode[][] = [leaves.map(leafNode)];
  while (levels.at(-1)!.length > 1) {
    const below = levels.at(-1)!;
    const above: SumNode[] = [];
    for (let i = 0; i < below.length; i += 2) above.push(parentNode(below[i]!, below[i + 1] ?? EMPTY_NODE));
    levels.push(above);
  }
  return { levels, root: levels.at(-1)![0]! };
}

/** The siblings of leaf `index`, from the leaf's level up to just below the root. */
export function proofPath(levels: readonly SumNode[][], index: number): SumNode[] {
  if (!Number.isInteger(index) || index < 0 || index >= levels[0]!.length) throw new MerkleSumError("no such leaf");
  const path: SumNode[] = [];
  let i = index;
  for (const level of levels.slice(0, -1)) {
    path.push(level[i ^ 1] ?? EMPTY_NODE);
    i >>= 1;
  }
  return path;
}

/** The root a leaf and its path lead to; the leaf's index says, level by level, on which side it is. */
export function rootFromPath(leaf: LiabilityLeaf, index: number, path: readonly SumNode[]): SumNode {
  let node = leafNode(leaf);
  let i = index;
  for (const sibling of path) {
    node = i % 2 === 0 ? parentNode(node, sibling) : parentNode(sibling, node);
    i >>= 1;
  }
  return node;
}

export type LiabilityProof = {
  user_id: string;
  balance: string;
  salt: string;
  index: number;
  path: readonly ProofStep[];
};
export type PublishedRoot = { root_hash: string; total: string; leaf_count: number };
export type ProofCheck = { ok: true } | { ok: false; reason: "malformed" | "shape" | "root" | "total" };

/**
 * Checks a user's inclusion proof against a published root: the proof must have the tree's shape
 * (an index inside it, one sibling per level, the empty node exactly where a level was padded), and
 * must lead to the published hash and total.
 */
export function verifyLiabilityProof(proof: LiabilityProof, published: PublishedRoot): ProofCheck {
  let leaf: LiabilityLeaf;
  let path: SumNode[];
  try {
    leaf = { userId: proof.user_id, balance: parseCoin(proof.balance), salt: proof.salt };
    path = proof.path.map((step) => ({ hash: step.hash, sum: parseCoin(step.sum) }));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const { index } = proof;
  if (!Number.isInteger(index) || index < 0 || index >= published.leaf_count) return { ok: false, reason: "shape" };
  if (path.length !== treeDepth(published.leaf_count)) return { ok: false, reason: "shape" };
  let width = published.leaf_count;
  let i = index;
  for (const sibling of path) {
    const padded = (i ^ 1) >= width;
    if (padded !== (sibling.hash === EMPTY_NODE.hash && sibling.sum === 0n)) return { ok: false, reason: "shape" };
    width = Math.ceil(width / 2);
    i >>= 1;
  }
  const root = rootFromPath(leaf, index, path);
  if (root.hash !== published.root_hash) return { ok: false, reason: "root" };
  if (formatCoin(root.sum) !== formatCoin(parseCoin(published.total))) return { ok: false, reason: "total" };
  return { ok: true };
}
