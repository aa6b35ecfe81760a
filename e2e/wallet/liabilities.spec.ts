import type { Page } from "playwright-core";
import { describe, expect, test } from "../support/fixtures.js";
import { coinUnits } from "../support/money.js";
import { shoot } from "../support/screenshots.js";
import { AdminPanel } from "../pages/admin-panel.js";
import { WalletPage } from "../pages/wallet-page.js";
import { DEMO, joinAs } from "../trading/parties.js";

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Opens the coin's check from its wallet card; answers what the card showed before the dialog covered it. */
async function openVerify(page: Page, coin: string) {
  const wallet = new WalletPage(page);
  await wallet.open();
  const held = await wallet.balance(coin);
  await wallet
    .card(coin)
    .getByRole("button", { name: `Verify my ${coin} balance`, exact: true })
    .click();
  const dialog = page.getByRole("dialog", { name: `Verify my ${coin} balance`, exact: true });
  await dialog.waitFor();
  return { held, dialog };
}

describe("proof of liabilities", () => {
  test("an admin publishes the roots; /status shows them; a user's browser checks their own balance is in the total", async ({
    app,
    openContext,
  }) => {
    const admin = await joinAs(app, openContext, DEMO.admin);
    const panel = new AdminPanel(admin.page);
    await panel.open();
    const section = await panel.openSection("Reserves");
    await section.getByRole("button", { name: "Publish proof of liabilities", exact: true }).click();
    await admin.page.getByText(/^Proof of liabilities published: .*\bPI\b/).waitFor();
    // The demo's PI is on manual networks only: no shortfall is claimed for it.
    await section.getByText("Not watched on chain").first().waitFor();
    expect(await overflow(admin.page)).toBeLessThanOrEqual(0);
    await shoot(admin.page, "admin-reserves");

    const user = await joinAs(app, openContext, DEMO.tunde);
    await user.page.goto("/status");
    const block = user.page.getByRole("region", { name: "Proof of liabilities", exact: true });
    await block.getByText(/ PI$/).first().waitFor();
    expect(await overflow(user.page)).toBeLessThanOrEqual(0);
    await shoot(user.page, "status-liabilities", block);

    const { held, dialog } = await openVerify(user.page, "PI");
    const verdict = dialog.getByText(/^Your balance of .* PI is included in the published total$/);
    await verdict.waitFor();
    const shown = (await verdict.innerText()).replace(/^Your balance of (.*) PI is included.*$/, "$1");
    expect(coinUnits(shown)).toBe(held.available + held.inEscrow + held.withdrawing);
    expect(await overflow(user.page)).toBeLessThanOrEqual(0);
    await shoot(user.page, "wallet-verify-balance", dialog);
  });

  test("a proof altered on its way to the browser is refused there, not by the server", async ({ app, openContext }) => {
    const admin = await joinAs(app, openContext, DEMO.admin);
    const built = await admin.context.request.post("/api/admin/liabilities", { data: { coin: "PI" } });
    expect(built.status()).toBe(201);

    const user = await joinAs(app, openContext, DEMO.amaka);
    // One more coin unit in the user's leaf: the root the browser computes no longer matches /status.
    await user.page.route("**/api/wallet/liability-proof?*", async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { proof: { balance: string } };
      const [whole, fraction] = body.proof.balance.split(".");
      body.proof.balance = `${BigInt(whole!) + 1n}.${fraction}`;
      await route.fulfill({ response, json: body });
    });
    const { dialog } = await openVerify(user.page, "PI");
    await dialog.getByText("This proof does not lead to the published total. Please tell support through live chat.", { exact: true }).waitFor();
    expect(await dialog.getByText(/is included in the published total$/).count()).toBe(0);
  });
});
