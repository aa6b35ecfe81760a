import type { Address } from "viem";
import { startLocalChain, type LocalChain } from "../../apps/server/test/chain/local-chain.js";
import { describe, expect, test as base } from "../support/fixtures.js";
import { shoot } from "../support/screenshots.js";
import { WalletPage } from "../pages/wallet-page.js";
import { DEMO, joinAs, LIVE_MS, type Party } from "../trading/parties.js";

let chain: LocalChain;

/** This file's product watches a real local EVM node as chain 56 (BNB Smart Chain), polling fast. */
const test = base.override("productEnv", { scope: "file" }, async ({}, { onCleanup }) => {
  chain = await startLocalChain({ chainId: 56 });
  onCleanup(() => chain.stop());
  return { CHAIN_RPC_URLS: `56=${chain.url}`, CHAIN_POLL_MS: "250" };
});

async function apiPatch(party: Party, path: string, data: object): Promise<void> {
  const response = await party.context.request.patch(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
}

describe("an automatic deposit on chain", () => {
  test(
    "a transfer to the user's own BEP20 address shows as Confirming 1 of 3, then credits the wallet, with no reload",
    { timeout: 180_000 },
    async ({ app, openContext }) => {
      // An admin points USDT on BEP20 at the token deployed on the local node, with 3 confirmations.
      const token: Address = await chain.deployToken({ decimals: 18 });
      const admin = await joinAs(app, openContext, DEMO.admin);
      await apiPatch(admin, "/api/admin/networks/USDT/BEP20", { token_contract: token, confirmations: 3 });

      const user = await joinAs(app, openContext, DEMO.tunde);
      const wallet = new WalletPage(user.page);
      await wallet.open();
      const before = (await wallet.balance("USDT")).available;
      await wallet.balances().getByRole("button", { name: "Deposit USDT", exact: true }).click();
      const dialog = user.page.getByRole("dialog", { name: "Deposit USDT" });
      await dialog.getByLabel("Network", { exact: true }).selectOption({ label: "BNB Smart Chain (BEP20)" });
      const own = dialog.getByRole("region", { name: "Your USDT deposit address" });
      const address = (await own.getByTestId("deposit-address").textContent()) as Address;
      await own.getByText("Credited after 3 confirmations", { exact: true }).waitFor();
      await user.page.keyboard.press("Escape");
      await user.page.getByRole("tab", { name: "Deposits" }).click();
      // A page that reloads loses this mark.
      await user.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

      await chain.sendToken(token, address, "25");
      const progress = user.page.getByTestId("deposit-progress");
      await progress.filter({ hasText: "Confirming 1 of 3" }).waitFor({ timeout: LIVE_MS + 2_000 });
      await shoot(user.page, "deposit-confirming", progress.locator("xpath=ancestor::li[1]"));
      expect((await wallet.balance("USDT")).available).toBe(before);

      await chain.mine(1);
      await progress.filter({ hasText: "Confirming 2 of 3" }).waitFor({ timeout: LIVE_MS + 2_000 });
      await chain.mine(1);
      // The newest deposit, this one, reads Confirmed; the progress line is gone and the balance grew by 25.
      await expect.poll(() => progress.count(), { timeout: LIVE_MS + 2_000 }).toBe(0);
      const newest = user.page.getByRole("tabpanel").getByRole("listitem").first();
      await newest.getByText("Confirmed", { exact: true }).waitFor();
      expect(await newest.textContent()).toContain("25");
      await expect.poll(async () => (await wallet.balance("USDT")).available, { timeout: LIVE_MS + 2_000 }).toBe(before + 25n * 10n ** 8n);
      expect(await user.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    },
  );
});
