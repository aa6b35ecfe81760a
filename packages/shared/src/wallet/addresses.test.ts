import { describe, expect, it } from "vitest";
import { base58 } from "@scure/base";
import { isEvmAddress, isTronAddress, isValidAddress, toChecksumAddress, tronAddress } from "./addresses.js";

describe("addresses", () => {
  it("checks EIP-55: the published examples pass, one flipped letter fails, one case throughout passes", () => {
    for (const good of [
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
      "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    ]) {
      expect(isEvmAddress(good)).toBe(true);
      expect(toChecksumAddress(good.toLowerCase())).toBe(good);
    }
    expect(isEvmAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")).toBe(false);
    expect(isEvmAddress("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")).toBe(true);
    expect(isEvmAddress("0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea")).toBe(false);
  });

  it("checks TRON base58check: the USDT contract's address passes, a changed character fails", () => {
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(true);
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toBe(false);
    expect(isTronAddress("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")).toBe(false);
  });

  it("refuses an address of another network's format", () => {
    expect(isValidAddress("evm", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(false);
    expect(isValidAddress("tron", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe(false);
    expect(isValidAddress("plain", "GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYX")).toBe(true);
  });

  it("writes a TRON address from its 20-byte account id, base58check with 0x41 first", () => {
    const known = "TPkCgGC5mN8bxHGnBfx9PrxJV9AjZe429M";
    expect(tronAddress(base58.decode(known).subarray(1, 21))).toBe(known);
    expect(isTronAddress(tronAddress(new Uint8Array(20).fill(7)))).toBe(true);
  });
});
