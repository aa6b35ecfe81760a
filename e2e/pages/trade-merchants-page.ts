import type { Locator, Page } from "playwright-core";
import { expectPath } from "./app.js";
import { readDefinitions } from "./definitions.js";
import { expectToast } from "./toasts.js";

export type TradeSideLabel = "Buy" | "Sell";
export type Payout = { bank_name: string; account_number: string; account_name: string };

/** /trade-merchants: pick a coin and a side, compare the online merchants' offers, place an order. */
export class TradeMerchantsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto("/trade-merchants");
    await this.page.getByRole("heading", { level: 1, name: "Trade with Merchants" }).waitFor();
  }

  /** Chooses the side ("Buy" = the caller buys) and the coin, and waits for that coin's offers. */
  async choose(coin: string, side: TradeSideLabel): Promise<void> {
    const sideRadio = this.page.getByRole("radiogroup", { name: "Buy or sell" }).getByRole("radio", { name: side, exact: true });
    await sideRadio.click();
    await this.page.getByRole("radiogroup", { name: "Buy or sell" }).getByRole("radio", { name: side, exact: true, checked: true }).waitFor();
    // Each chip carries the coin's logo (labelled with the symbol) and the symbol.
    const coinRadio = this.page.getByRole("radiogroup", { name: "Coin" }).getByRole("radio", { name: new RegExp(`^${coin}\\b`) });
    await coinRadio.click();
    await this.page
      .getByRole("radiogroup", { name: "Coin" })
      .getByRole("radio", { name: new RegExp(`^${coin}\\b`), checked: true })
      .waitFor();
    await this.offers(coin, side).getByRole("listitem").first().waitFor();
  }

  /** The offers section: "Merchants selling PI" when the caller buys, "Merchants buying PI" when they sell. */
  offers(coin: string, side: TradeSideLabel): Locator {
    const name = side === "Buy" ? `Merchants selling ${coin}` : `Merchants buying ${coin}`;
    return this.page.getByRole("region", { name: new RegExp(`^${name}\\b`) });
  }

  /**
   * "Post open request": a request any online merchant may take. Enters the naira amount at the best
   * price now, posts it, and returns the order id of the page it leads to.
   */
  async postOpenRequest(coin: string, side: TradeSideLabel, naira: string): Promise<string> {
    await this.page.getByRole("button", { name: "Post open request", exact: true }).click();
    const dialog = this.page.getByRole("dialog", { name: `Request to ${side.toLowerCase()} ${coin}` });
    await dialog.waitFor();
    await dialog.getByLabel(side === "Buy" ? "You pay" : "You receive", { exact: true }).fill(naira);
    await dialog.getByRole("button", { name: "Post request", exact: true }).click();
    await expectToast(this.page, "Open request posted", "Online merchants can see it now; the first to accept takes the trade.");
    await this.page.waitForURL(/\/order\/[0-9a-f-]{36}$/, { waitUntil: "commit" });
    const id = new URL(this.page.url()).pathname.split("/").pop()!;
    await expectPath(this.page, `/order/${id}`);
    return id;
  }

  /** One merchant's offer row. */
  offerOf(merchant: string, coin: string, side: TradeSideLabel): Locator {
    return this.offers(coin, side).getByRole("listitem").filter({ hasText: merchant });
  }

  /** Taps the merchant's "Buy PI" / "Sell PI" and returns the order dialog it opens. */
  async startOrder(merchant: string, coin: string, side: TradeSideLabel): Promise<OrderDialog> {
    await this.offerOf(merchant, coin, side)
      .getByRole("button", { name: `${side} ${coin}`, exact: true })
      .click();
    const dialog = new OrderDialog(this.page, coin, side);
    await dialog.root.waitFor();
    return dialog;
  }
}

/** The "Buy PI" / "Sell PI" dialog: amount in naira or coins, the seller's bank account, the summary. */
export class OrderDialog {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    readonly coin: string,
    readonly side: TradeSideLabel,
  ) {
    this.root = page.getByRole("dialog", { name: `${side} ${coin}`, exact: true });
  }

  /** Types the naira amount ("You pay" when buying, "You receive" when selling). */
  async enterNaira(amount: string): Promise<void> {
    await this.root.getByLabel(this.side === "Buy" ? "You pay" : "You receive", { exact: true }).fill(amount);
  }

  /** Switches the amount to coins and types it ("You receive" when buying, "You sell" when selling). */
  async enterCoins(amount: string): Promise<void> {
    await this.root.getByRole("button", { name: `Enter in ${this.coin}`, exact: true }).click();
    await this.root.getByLabel(this.side === "Buy" ? "You receive" : "You sell", { exact: true }).fill(amount);
  }

  /** The bank account the merchant pays the naira into (selling only). */
  async enterPayout(payout: Payout): Promise<void> {
    const group = this.root.getByRole("group", { name: "Your bank account for the naira" });
    await group.getByLabel("Bank name", { exact: true }).fill(payout.bank_name);
    await group.getByLabel("Account number", { exact: true }).fill(payout.account_number);
    await group.getByLabel("Account name", { exact: true }).fill(payout.account_name);
  }

  /** The summary under the form: Payment, You pay / You receive, You sell… */
  summary(): Promise<Record<string, string>> {
    return readDefinitions(this.root.getByRole("term").first().locator("xpath=ancestor::dl[1]"));
  }

  /** Places the order; waits for the success toast and the order page, and returns the order id. */
  async submit(): Promise<string> {
    await this.root.getByRole("button", { name: `${this.side} ${this.coin}`, exact: true }).click();
    await expectToast(this.page, this.side === "Buy" ? "Buy order placed" : `Sell order placed: ${this.coin} locked in escrow`);
    await this.page.waitForURL(/\/order\/[0-9a-f-]{36}$/, { waitUntil: "commit" });
    const id = new URL(this.page.url()).pathname.split("/").pop()!;
    await expectPath(this.page, `/order/${id}`);
    return id;
  }
}
