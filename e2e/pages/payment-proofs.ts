import type { Locator, Page } from "playwright-core";

/** The "Payment proof" card of the order page. */
export class PaymentProofsCard {
  constructor(readonly page: Page) {}

  card(): Locator {
    return this.page.getByTestId("payment-proofs");
  }

  /** Picks the receipt image (and optional amount and reference) in the card's form. */
  async pick(path: string, details: { amount?: string; reference?: string } = {}): Promise<void> {
    const card = this.card();
    await card.waitFor();
    await card.locator('input[type="file"]').setInputFiles(path);
    await card.getByRole("img", { name: "Selected image" }).waitFor();
    if (details.amount) await card.getByLabel("Amount sent (optional)").fill(details.amount);
    if (details.reference) await card.getByLabel("Transfer reference (optional)").fill(details.reference);
  }

  /** Sends the picked proof (order already marked paid). */
  async send(): Promise<void> {
    await this.card().getByRole("button", { name: "Send proof", exact: true }).click();
  }

  /** The proof tiles (buttons "Open payment proof…"). */
  tiles(): Locator {
    return this.card().getByRole("button", { name: /^Open payment proof/ });
  }

  async expectProofs(count: number, timeout = 20_000): Promise<void> {
    await this.tiles()
      .nth(count - 1)
      .waitFor({ timeout });
    const shown = await this.tiles().count();
    if (shown !== count) throw new Error(`Expected ${count} payment proofs, the card shows ${shown}`);
  }
}
