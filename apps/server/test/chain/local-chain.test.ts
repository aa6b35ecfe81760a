import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc20Abi } from "viem";
import { startLocalChain, type LocalChain } from "./local-chain.js";

let chain: LocalChain;
beforeAll(async () => {
  chain = await startLocalChain({ chainId: 56 });
});
afterAll(() => chain.stop());

describe("the local chain the custody tests run against", () => {
  it("deploys an ERC-20, moves it, mines, and reverts to a snapshot like a reorg", async () => {
    const token = await chain.deployToken({ decimals: 18 });
    const to = "0x00000000000000000000000000000000000000a1";
    const snap = await chain.snapshot();
    const before = await chain.blockNumber();
    await chain.sendToken(token, to, "12.5");
    expect(await chain.client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [to] })).toBe(
      12_500_000_000_000_000_000n,
    );
    await chain.mine(2);
    expect(await chain.blockNumber()).toBe(before + 3n);
    await chain.revert(snap);
    expect(await chain.blockNumber()).toBe(before);
    expect(await chain.client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [to] })).toBe(0n);
  });
});
