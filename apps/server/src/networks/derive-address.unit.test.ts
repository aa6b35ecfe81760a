import { describe, expect, it } from "vitest";
import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { deriveDepositAddress } from "./derive-address.js";

// The well-known development mnemonic: its first accounts are published, so the expected addresses are independent of this code.
const MNEMONIC = "test test test test test test test test test test test junk";

describe("deriveDepositAddress", () => {
  it("from the account xpub (m/44'/60'/0') gives the addresses a wallet derives with the private key at m/44'/60'/0'/0/i", () => {
    const xpub = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC)).derive("m/44'/60'/0'").publicExtendedKey;
    expect(deriveDepositAddress(xpub, 0, 0)).toEqual({ address: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266", path: "0/0" });
    expect(deriveDepositAddress(xpub, 0, 1).address).toBe("0x70997970c51812dc3a010c7d01b50e0d17dc79c8");
  });
});
