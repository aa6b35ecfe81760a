import type { Locator, Page } from "playwright-core";
import { coinUnits } from "../support/money.js";
import { readDefinitions } from "./definitions.js";

/** One coin's balance as the wallet shows it, in exact units of 10⁻⁸. */
export type CoinBalance = { available: bigint; inEscrow: bigint; withdrawing: bigint };

/** /wallet: a card per coin (available, in escrow, withdrawing), the activity tabs, deposit and withdraw. */
export class WalletPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto("/wallet");
    await this.expectOpen();
  }

  async expectOpen(): Promise<void> {
    await this.page.getByRole("heading", { level: 1, name: "Wallet", exact: true }).waitFor();
    await this.balances()
      .getByRole("button", { name: /^Deposit / })
      .first()
      .waitFor();
  }

  balances(): Locator {
    return this.page.getByRole("region", { name: "Balances" });
  }

  /** The card of one coin: the nearest box around its "Deposit PI" button that holds the balance list. */
  card(coin: string): Locator {
    return this.balances()
      .getByRole("button", { name: `Deposit ${coin}`, exact: true })
      .locator("xpath=ancestor::div[.//dl][1]");
  }

  /** Available, in escrow and withdrawing of `coin`, read off its card. */
  async balance(coin: string): Promise<CoinBalance> {
    const parts = await readDefinitions(this.card(coin));
    const read = (label: string) => {
      const shown = parts[label];
      if (shown === undefined) throw new Error(`The ${coin} card shows no "${label}": ${JSON.stringify(parts)}`);
      return coinUnits(shown);
    };
    return { available: read("Available"), inEscrow: read("In escrow"), withdrawing: read("Withdrawing") };
  }
}
