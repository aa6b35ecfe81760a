import { describe, expect, test } from "../support/fixtures.js";
import { coinUnits, showUnits } from "../support/money.js";
import { OrderListPage } from "../pages/order-lists.js";
import { OrderPage } from "../pages/order-page.js";
import { TradeMerchantsPage } from "../pages/trade-merchants-page.js";
import { WalletPage } from "../pages/wallet-page.js";
import { DEMO, joinAs } from "./parties.js";

/** The account the selling user wants the naira in, as typed in the order dialog. */
const PAYOUT = { bank_name: "Kuda Bank", account_number: "2004417755", account_name: "Amaka Obi" };
const PAYOUT_SHOWN = { Bank: "Kuda Bank", "Account number": "2004417755", "Account name": "Amaka Obi" };

describe("a user sells coins to a merchant", () => {
  test("the user's coins lock in escrow at once; the merchant accepts and pays; the user confirms and the coins go to the merchant", async ({
    app,
    openContext,
  }) => {
    const user = await joinAs(app, openContext, DEMO.amaka);
    const merchant = await joinAs(app, openContext, DEMO.chioma);
    const userWallet = new WalletPage(user.page);
    const merchantWallet = new WalletPage(merchant.page);

    await userWallet.open();
    const userBefore = await userWallet.balance("PI");
    await merchantWallet.open();
    const merchantBefore = await merchantWallet.balance("PI");

    // The user picks PI / Sell and the merchant's offer (₦1,465 per PI), types 12.5 PI and their bank account.
    const trade = new TradeMerchantsPage(user.page);
    await trade.open();
    await trade.choose("PI", "Sell");
    const dialog = await trade.startOrder(merchant.username, "PI", "Sell");
    await dialog.enterCoins("12.5");
    await dialog.enterPayout(PAYOUT);
    // The demo merchant is in their first 30 days: no fee.
    expect(await dialog.summary()).toEqual({
      Payment: "Bank transfer to you",
      "You receive": "₦18,312.50",
      "You sell": "12.5 PI",
      "Merchant's fee": "None",
    });
    const orderId = await dialog.submit();

    const userOrder = new OrderPage(user.page);
    await userOrder.expectStatus("pending", 5_000);
    await userOrder
      .heading()
      .filter({ hasText: /^Sell 12\.5 PI/ })
      .waitFor();
    const placed = await userOrder.summary();
    expect(placed).toMatchObject({
      "You sell": "12.5 PI",
      "Price per coin": "₦1,465.00",
      "You receive": "₦18,312.50",
      Escrow: "12.5 PI locked in escrow",
    });
    const coins = coinUnits(placed["You sell"]!.replace(/ PI$/, ""));

    // Locked at creation: the wallet shows the coins in escrow, out of available.
    await userWallet.open();
    const userLocked = await userWallet.balance("PI");
    expect(showUnits(userBefore.available - userLocked.available)).toBe(showUnits(coins));
    expect(showUnits(userLocked.inEscrow - userBefore.inEscrow)).toBe(showUnits(coins));

    // The merchant opens it from Merchant Orders and accepts; no coins of theirs lock (they buy).
    const merchantOrders = OrderListPage.merchantOrders(merchant.page);
    await merchantOrders.open();
    expect(await merchantOrders.openOrder(user.username, "₦18,312.50")).toBe(orderId);
    const merchantOrder = new OrderPage(merchant.page);
    await merchantOrder
      .heading()
      .filter({ hasText: /^Buy 12\.5 PI/ })
      .waitFor();
    await merchantOrder.accept();
    await merchantOrder.expectStatus("matched", 5_000);

    // The merchant pays into the user's account and marks the order paid.
    expect(await merchantOrder.paymentDetails()).toEqual({ "Amount to pay": "₦18,312.50", ...PAYOUT_SHOWN });
    await merchantOrder.markPaid();
    await merchantOrder.expectStatus("in_progress", 5_000);

    // The user sees the payment announced on their own payout account, and releases.
    await userOrder.open(orderId);
    await userOrder.expectStatus("in_progress", 5_000);
    expect(await userOrder.paymentDetails("Your payout account")).toEqual({ "Amount due": "₦18,312.50", ...PAYOUT_SHOWN });
    await userOrder.confirmPaymentAndRelease();
    await userOrder.expectStatus("completed", 5_000);
    await expect(userOrder.nextStep("completed").innerText()).resolves.toBe("You received ₦18,312.50 and 12.5 PI were released to the buyer.");
    await merchantOrder.expectStatus("completed");
    expect((await merchantOrder.summary()).Escrow).toBe("12.5 PI released to the buyer");

    await userOrder.rate(merchant.username, 5);
    await merchantOrder.rate(user.username, 5, { doubleTap: true });

    // The user's escrow is spent, their available stays down by the order; the merchant's grew by it.
    await userWallet.open();
    const userAfter = await userWallet.balance("PI");
    await merchantWallet.open();
    const merchantAfter = await merchantWallet.balance("PI");
    expect(showUnits(userBefore.available - userAfter.available)).toBe(showUnits(coins));
    expect(userAfter.inEscrow).toBe(userBefore.inEscrow);
    expect(showUnits(merchantAfter.available - merchantBefore.available)).toBe(showUnits(coins));
    expect(merchantAfter.inEscrow).toBe(merchantBefore.inEscrow);
  });
});
