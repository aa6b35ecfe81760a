import { describe, expect, it } from "vitest";
import { formatCoin } from "../money/decimal.js";
import {
  buildMerkleSumTree,
  EMPTY_NODE,
  leafNode,
  MerkleSumError,
  parentNode,
  proofPath,
  treeDepth,
  verifyLiabilityProof,
  type LiabilityLeaf,
  type LiabilityProof,
  type PublishedRoot,
} from "./merkle-sum.js";

const leaves = (n: number): LiabilityLeaf[] =>
  Array.from({ length: n }, (_, i) => ({
    userId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    balance: BigInt(i + 1) * 100_000_000n + 12_345n,
    salt: i.toString(16).padStart(32, "0"),
  }));

function proofOf(all: LiabilityLeaf[], index: number): { proof: LiabilityProof; published: PublishedRoot } {
  const { levels, root } = buildMerkleSumTree(all);
  const leaf = all[index]!;
  return {
    proof: {
      user_id: leaf.userId,
      balance: formatCoin(leaf.balance),
      salt: leaf.salt,
      index,
      path: proofPath(levels, index).map((s) => ({ hash: s.hash, sum: formatCoin(s.sum) })),
    },
    published: { root_hash: root.hash, total: formatCoin(root.sum), leaf_count: all.length },
  };
}

describe("Merkle-sum tree of liabilities", () => {
  it("the root's sum is the sum of every balance, exactly, for any number of leaves", () => {
    for (const n of [1, 2, 3, 5, 8, 13]) {
      const all = leaves(n);
      const { root } = buildMerkleSumTree(all);
      expect(root.sum).toBe(all.reduce((s, l) => s + l.balance, 0n));
    }
  });

  it("every leaf's proof verifies against the root, whatever the tree's size (odd levels padded)", () => {
    for (const n of [1, 2, 3, 4, 5, 6, 7, 9, 17]) {
      const all = leaves(n);
      for (let i = 0; i < n; i++) {
        const { proof, published } = proofOf(all, i);
        expect(proof.path).toHaveLength(treeDepth(n));
        expect(verifyLiabilityProof(proof, published)).toEqual({ ok: true });
      }
    }
  });

  it("pads an odd level with the zero-sum empty node on the right", () => {
    const all = leaves(3);
    const { levels, root } = buildMerkleSumTree(all);
    const [a, b, c] = all.map(leafNode);
    expect(levels[1]).toEqual([parentNode(a!, b!), parentNode(c!, EMPTY_NODE)]);
    expect(root).toEqual(parentNode(parentNode(a!, b!), parentNode(c!, EMPTY_NODE)));
    expect(proofPath(levels, 2)[0]).toEqual(EMPTY_NODE);
  });

  it("an empty tree is the empty node with a zero total; one leaf is its own root", () => {
    expect(buildMerkleSumTree([]).root).toEqual(EMPTY_NODE);
    const one = leaves(1);
    expect(buildMerkleSumTree(one).root).toEqual(leafNode(one[0]!));
  });

  it("a changed balance, salt, user or index fails verification", () => {
    const { proof, published } = proofOf(leaves(6), 3);
    expect(verifyLiabilityProof({ ...proof, balance: "4.00012346" }, published)).toEqual({ ok: false, reason: "root" });
    expect(verifyLiabilityProof({ ...proof, salt: "f".repeat(32) }, published)).toEqual({ ok: false, reason: "root" });
    expect(verifyLiabilityProof({ ...proof, user_id: "00000000-0000-4000-8000-000000000099" }, published).ok).toBe(false);
    expect(verifyLiabilityProof({ ...proof, index: 2 }, published)).toEqual({ ok: false, reason: "root" });
    expect(verifyLiabilityProof({ ...proof, index: 6 }, published)).toEqual({ ok: false, reason: "shape" });
  });

  it("a tampered sibling sum or hash fails, and so does a path of the wrong length", () => {
    const { proof, published } = proofOf(leaves(8), 5);
    const withStep = (k: number, step: { hash?: string; sum?: string }) => ({
      ...proof,
      path: proof.path.map((s, i) => (i === k ? { ...s, ...step } : s)),
    });
    // Moving value out of a sibling (so the user's share looks larger, the total smaller) breaks the hash.
    expect(verifyLiabilityProof(withStep(1, { sum: "0.00000000" }), published)).toEqual({ ok: false, reason: "root" });
    expect(verifyLiabilityProof(withStep(0, { hash: "0".repeat(64) }), published)).toEqual({ ok: false, reason: "root" });
    expect(verifyLiabilityProof({ ...proof, path: proof.path.slice(0, -1) }, published)).toEqual({ ok: false, reason: "shape" });
    expect(verifyLiabilityProof({ ...proof, path: [...proof.path, { hash: EMPTY_NODE.hash, sum: "0" }] }, published).ok).toBe(false);
  });

  it("a negative sibling sum is refused outright, never added", () => {
    const { proof, published } = proofOf(leaves(4), 0);
    const negative = { ...proof, path: [{ ...proof.path[0]!, sum: "-1.00000000" }, ...proof.path.slice(1)] };
    expect(verifyLiabilityProof(negative, published)).toEqual({ ok: false, reason: "malformed" });
    expect(() => leafNode({ userId: "u", balance: -1n, salt: "s" })).toThrow(MerkleSumError);
    expect(() => parentNode({ hash: "a", sum: -1n }, EMPTY_NODE)).toThrow(MerkleSumError);
  });

  it("a published total that is not the tree's sum, or another root, fails", () => {
    const { proof, published } = proofOf(leaves(5), 1);
    expect(verifyLiabilityProof(proof, { ...published, total: "1.00000000" })).toEqual({ ok: false, reason: "total" });
    const other = proofOf(leaves(7), 1).published;
    expect(verifyLiabilityProof(proof, other).ok).toBe(false);
  });

  it("the padding node must sit exactly where the tree was padded", () => {
    // Leaf 4 of 5 is alone at the leaf level: its first sibling must be the empty node.
    const { proof, published } = proofOf(leaves(5), 4);
    expect(proof.path[0]).toEqual({ hash: EMPTY_NODE.hash, sum: "0.00000000" });
    // Claiming a 6-leaf tree with a real sibling there is refused by shape, before any hashing.
    const fake = { ...proof, path: [{ hash: "a".repeat(64), sum: "1.00000000" }, ...proof.path.slice(1)] };
    expect(verifyLiabilityProof(fake, published)).toEqual({ ok: false, reason: "shape" });
  });
});
