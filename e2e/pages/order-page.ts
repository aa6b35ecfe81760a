import type { Locator, Page } from "playwright-core";
import { expectPath } from "./app.js";
import { readDefinitions } from "./definitions.js";
import { expectNoToast, expectToast } from "./toasts.js";

/** The spec §4 notice the order page shows for each status. */
export const STATUS_NOTICE = {
  pending: "Your order is now pending",
  matched: "Your order has been matched with a trader",
  in_progress: "Your trade is now in progress",
  completed: "Your order has been completed successfully",
  cancelled: "Your order has been cancelled",
  disputed: "Your order is under dispute review",
} as const;
export type OrderStatusName = keyof typeof STATUS_NOTICE;

/**
 * Both parties' pages poll an open order (every 5 s until realtime lands), so a move by the other
 * side shows up within that; allow a few rounds.
 */
const OTHER_PARTY_MS = 20_000;

/** /order/:id, as a party to the trade sees it: status, payment details, the allowed actions, appeal, rating. */
export class OrderPage {
  constructor(readonly page: Page) {}

  async open(orderId: string): Promise<void> {
    await this.page.goto(`/order/${orderId}`);
    await this.expectOpen(orderId);
  }

  async expectOpen(orderId: string): Promise<void> {
    await expectPath(this.page, `/order/${orderId}`);
    await this.heading().waitFor();
  }

  /** The page itself, without the shell around it (notification toasts repeat the status notices). */
  main(): Locator {
    return this.page.getByRole("main");
  }

  /** "Buy 10 PI" / "Sell 12.5 PI": the caller's own side, amount and coin. */
  heading(): Locator {
    return this.page.getByRole("heading", { level: 1, name: /^(Buy|Sell) / });
  }

  /** Waits until the page shows the status's notice (the other party's move arrives by polling). */
  async expectStatus(status: OrderStatusName, timeout = OTHER_PARTY_MS): Promise<void> {
    await this.main().getByText(STATUS_NOTICE[status], { exact: true }).waitFor({ timeout });
  }

  /** The sentence under the status's notice: what the viewer should do or expect now. */
  nextStep(status: OrderStatusName): Locator {
    return this.main().getByText(STATUS_NOTICE[status], { exact: true }).locator("xpath=following-sibling::p[1]");
  }

  /** An action button the state machine allows the caller now (on phones the main one is pinned at the bottom). */
  action(label: string): Locator {
    return this.page.getByRole("button", { name: label, exact: true });
  }

  /** A card of the page by its title ("Pay into this account", "Appeal", "Order details", …). */
  card(title: string | RegExp): Locator {
    // The title sits in the card's header: its grandparent is the card.
    return this.main()
      .getByRole("heading", { level: 3, name: title, exact: typeof title === "string" })
      .locator("xpath=../..");
  }

  /** "Order details": You buy / Price per coin / You pay / Escrow / Merchant or Trader / Reference / Placed. */
  summary(): Promise<Record<string, string>> {
    return readDefinitions(this.card("Order details"));
  }

  /**
   * The payment card's rows (Amount to pay, Bank, Account number, Account name), waiting for it:
   * the buyer sees it once the merchant accepts, titled "Pay into this account".
   */
  async paymentDetails(title = "Pay into this account"): Promise<Record<string, string>> {
    const card = this.card(title);
    await card.waitFor({ timeout: OTHER_PARTY_MS });
    return readDefinitions(card);
  }

  /** Opens an action's confirmation, ticks what it asks, gives the reason, confirms, and waits for its toast. */
  private async act(options: {
    button: string;
    dialog: string | RegExp;
    confirm: string;
    done: string;
    acknowledge?: boolean;
    reason?: { label: string; text: string };
  }) {
    const button = this.action(options.button);
    await button.waitFor({ timeout: OTHER_PARTY_MS });
    await button.click();
    const dialog = this.page.getByRole("dialog", { name: options.dialog });
    await dialog.waitFor();
    if (options.acknowledge) await dialog.getByRole("checkbox").check();
    if (options.reason) await dialog.getByLabel(options.reason.label, { exact: true }).fill(options.reason.text);
    await dialog.getByRole("button", { name: options.confirm, exact: true }).click();
    await expectToast(this.page, options.done);
    await dialog.waitFor({ state: "hidden" });
  }

  /** The merchant takes the order ("Accept order", then confirms). */
  accept(): Promise<void> {
    return this.act({ button: "Accept order", dialog: "Accept this order?", confirm: "Accept order", done: "Order accepted" });
  }

  /** The buyer says the naira was sent, ticking that it came from their own account. */
  markPaid(): Promise<void> {
    return this.act({
      button: "I have paid",
      dialog: "Have you sent the payment?",
      confirm: "Yes, I have paid",
      done: "Payment marked as sent. The seller will check and release your coins.",
      acknowledge: true,
    });
  }

  /** The seller confirms the naira arrived and releases the escrow to the buyer. */
  confirmPaymentAndRelease(): Promise<void> {
    return this.act({
      button: "Confirm payment & release",
      dialog: /^Release .+ to .+\?$/,
      confirm: "Release coins",
      done: "Coins released. The trade is complete.",
      acknowledge: true,
    });
  }

  /** Either party, once paid: disputes the trade with a written reason. */
  openAppeal(reason: string): Promise<void> {
    return this.act({
      button: "Open appeal",
      dialog: "Open an appeal",
      confirm: "Open appeal",
      done: "Appeal opened. Our team will review it.",
      reason: { label: "What went wrong?", text: reason },
    });
  }

  /** Cancels before payment (creator or merchant while pending, the buyer once matched), with a reason. */
  cancel(reason: string): Promise<void> {
    return this.act({
      button: "Cancel order",
      dialog: "Cancel this order?",
      confirm: "Cancel order",
      done: "Order cancelled",
      reason: { label: "Reason (optional)", text: reason },
    });
  }

  /** The appellant takes the appeal back: the trade returns to in progress. */
  withdrawAppeal(): Promise<void> {
    return this.act({ button: "Withdraw appeal", dialog: "Withdraw your appeal?", confirm: "Withdraw appeal", done: "Appeal withdrawn" });
  }

  /** The "Appeal" card: who opened it and why, and the admin's decision once made. */
  appealCard(): Locator {
    return this.card("Appeal");
  }

  /** Waits for the admin's decision on the appeal card and returns it: the badge, the outcome line, the reason. */
  async expectAppealDecision(decision: { badge: string; outcome: string; reason: string }): Promise<void> {
    const card = this.appealCard();
    await card.getByText(decision.badge, { exact: true }).waitFor({ timeout: OTHER_PARTY_MS });
    await card.getByText(decision.outcome, { exact: true }).waitFor();
    await card.getByText(decision.reason, { exact: true }).waitFor();
  }

  /**
   * Rates the other party after completion and waits for the thank-you and the stars shown back.
   * `doubleTap` presses Submit twice in one task, before the page can show it busy, as a quick
   * double tap on a slow phone does: the rating is still sent once, and no error follows the thanks.
   */
  async rate(counterparty: string, stars: number, { doubleTap = false } = {}): Promise<void> {
    const card = this.card(`Rate ${counterparty}`);
    await card
      .getByRole("radiogroup", { name: "Stars" })
      .getByRole("radio", { name: `${stars} ${stars === 1 ? "star" : "stars"}`, exact: true })
      .click();
    const submit = card.getByRole("button", { name: "Submit rating" });
    if (doubleTap) {
      await submit.evaluate((button: HTMLElement) => {
        button.click();
        button.click();
      });
    } else {
      await submit.click();
    }
    await expectToast(this.page, "Thanks for your rating", "It counts towards their reputation score.");
    await this.main().getByText(`You rated ${counterparty}`, { exact: true }).waitFor();
    await this.main()
      .getByRole("img", { name: `${stars} out of 5 stars`, exact: true })
      .waitFor();
    // Both presses were sent before the thanks; the second one's answer is in by now.
    if (doubleTap) await expectNoToast(this.page, "Rating not saved");
  }
}
