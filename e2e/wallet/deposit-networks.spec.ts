import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "../support/fixtures.js";
import { shoot } from "../support/screenshots.js";
import { AdminPanel } from "../pages/admin-panel.js";
import { expectToast } from "../pages/toasts.js";
import { WalletPage } from "../pages/wallet-page.js";
import { DEMO, joinAs, LIVE_MS } from "../trading/parties.js";

/** Opens the deposit dialog of a coin from its wallet card. */
async function openDeposit(page: Page, coin: string): Promise<Locator> {
  const wallet = new WalletPage(page);
  await wallet.open();
  await wallet
    .balances()
    .getByRole("button", { name: `Deposit ${coin}`, exact: true })
    .click();
  const dialog = page.getByRole("dialog", { name: `Deposit ${coin}` });
  await dialog.waitFor();
  return dialog;
}

async function pickNetwork(dialog: Locator, name: string): Promise<void> {
  await dialog.getByLabel("Network", { exact: true }).selectOption({ label: name });
  await dialog.getByText(`Send only USDT on ${name} to this address.`, { exact: true }).waitFor();
}

describe("deposits by network", () => {
  test("a user picks USDT / BEP20 and sees their own 0x address with a QR code and copies it; on TRC20 the platform address and their memo", async ({
    app,
    openContext,
  }) => {
    const user = await joinAs(app, openContext, DEMO.tunde);
    await user.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
    const dialog = await openDeposit(user.page, "USDT");
    // Nothing to send to before a network is chosen.
    await dialog.getByText("Choose a network to see where to send your USDT.", { exact: true }).waitFor();
    expect(await dialog.getByTestId("deposit-address").count()).toBe(0);

    await pickNetwork(dialog, "BNB Smart Chain (BEP20)");
    const own = dialog.getByRole("region", { name: "Your USDT deposit address" });
    const address = (await own.getByTestId("deposit-address").textContent())!;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const fromApi = await (await user.context.request.get("/api/wallet/deposit-address?coin=USDT&network=BEP20")).json();
    expect(address.toLowerCase()).toBe(fromApi.deposit_address.address);
    await own.locator("svg:has(title)").waitFor();
    await own.getByText("Credited after 15 confirmations", { exact: true }).waitFor();
    await own.getByRole("button", { name: "Copy deposit address" }).click();
    await own.getByRole("button", { name: "Copied deposit address" }).waitFor();
    expect(await user.page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    // No form: the chain watcher finds transfers to this address.
    expect(await dialog.getByRole("button", { name: "Submit deposit" }).count()).toBe(0);
    await shoot(user.page, "deposit-evm", own);

    await pickNetwork(dialog, "TRON (TRC20)");
    const platform = dialog.getByRole("region", { name: "NaijaP2P's USDT address" });
    await platform.locator("svg:has(title)").waitFor();
    const memo = (await platform.getByTestId("deposit-memo").textContent())!;
    expect(memo).toMatch(/^\d+$/);
    await platform.getByText("Put this memo in your transfer. Without it, we cannot tell the deposit is yours and cannot credit it.").waitFor();
    await platform.getByRole("button", { name: "Copy memo" }).click();
    expect(await user.page.evaluate(() => navigator.clipboard.readText())).toBe(memo);
    await dialog.getByLabel("Sent from (your address)").waitFor();
    await shoot(user.page, "deposit-manual", platform);
  });

  test("the manual form checks the sender address for the network, and an admin's new minimum reaches the open dialog without a reload", async ({
    app,
    openContext,
  }) => {
    const user = await joinAs(app, openContext, DEMO.tunde);
    const dialog = await openDeposit(user.page, "USDT");
    await pickNetwork(dialog, "TRON (TRC20)");
    const minimum = dialog.getByTestId("deposit-minimum");
    expect(await minimum.textContent()).toBe("1 USDT");

    await dialog.getByLabel("Amount sent").fill("10");
    await dialog.getByLabel("Sent from (your address)").fill("0x2d711642b726b04401627ca9fbac32f5c8530fb1");
    await dialog.getByLabel("Transaction hash").fill(`0x${"ab34".repeat(16)}`);
    await dialog.getByRole("button", { name: "Submit deposit" }).click();
    await dialog.getByText("This is not a valid TRON (TRC20) address. Enter the address you sent from.", { exact: true }).waitFor();

    const admin = await joinAs(app, openContext, DEMO.admin);
    const panel = new AdminPanel(admin.page);
    await panel.open();
    const section = await panel.openSection("Networks");
    await shoot(admin.page, "admin-networks", section.getByRole("listitem", { name: "TRON (TRC20)" }));
    await section.getByRole("button", { name: "Edit USDT on TRON (TRC20)" }).click();
    const edit = admin.page.getByRole("dialog", { name: "Edit USDT on TRON (TRC20)" });
    await shoot(admin.page, "admin-networks-edit", edit.getByLabel("Minimum deposit"));
    await edit.getByLabel("Minimum deposit").fill("25");
    await edit.getByRole("button", { name: "Save network" }).click();
    await expectToast(admin.page, "Network saved");
    await section.getByRole("listitem", { name: "TRON (TRC20)" }).getByTestId("network-minimum").filter({ hasText: "25 USDT" }).waitFor();

    // The user's dialog, still open, shows the new minimum (networks.changed), and the form holds to it.
    await minimum.filter({ hasText: "25 USDT" }).waitFor({ timeout: LIVE_MS * 3 });
    await dialog.getByLabel("Sent from (your address)").fill("TPkCgGC5mN8bxHGnBfx9PrxJV9AjZe429M");
    await dialog.getByRole("button", { name: "Submit deposit" }).click();
    await dialog.getByText("The minimum deposit of USDT on TRON (TRC20) is 25.", { exact: true }).waitFor();
    await dialog.getByLabel("Amount sent").fill("30");
    await dialog.getByRole("button", { name: "Submit deposit" }).click();
    await expectToast(user.page, "Deposit submitted");
  });
});
