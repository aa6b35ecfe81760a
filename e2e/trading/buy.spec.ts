import { describe, expect, test } from "../support/fixtures.js";
import { coinUnits, showUnits } from "../support/money.js";
import { DashboardPage } from "../pages/dashboard-page.js";
import { OrderListPage } from "../pages/order-lists.js";
import { OrderPage } from "../pages/order-page.js";
import { TradeMerchantsPage } from "../pages/trade-merchants-page.js";
import { WalletPage } from "../pages/wallet-page.js";
import { DEMO, joinAs, MERCHANT_ACCOUNT } from "./parties.js";

describe("a user buys coins from a merchant", () => {
  test("order, accept, pay, confirm and release, each on their own phone; the coins move between the wallets; each rates the other", async ({
    app,
    openContext,
  }) => {
    const user = await joinAs(app, openContext, DEMO.tunde);
    const merchant = await joinAs(app, openContext, DEMO.emeka);
    const userWallet = new WalletPage(user.page);
    const merchantWallet = new WalletPage(merchant.page);

    // Balances before: the user reaches the wallet from the dashboard's Wallet card.
    const dashboard = new DashboardPage(user.page);
    await dashboard.open(user.username);
    await dashboard.openWallet();
    await userWallet.expectOpen();
    const userBefore = await userWallet.balance("PI");
    await merchantWallet.open();
    const merchantBefore = await merchantWallet.balance("PI");

    // The user picks PI / Buy and the merchant's offer, and orders ₦15,200 worth at ₦1,520.
    const trade = new TradeMerchantsPage(user.page);
    await trade.open();
    await trade.choose("PI", "Buy");
    const dialog = await trade.startOrder(merchant.username, "PI", "Buy");
    await dialog.enterNaira("15200");
    // The demo merchant is in their first 30 days: no fee.
    expect(await dialog.summary()).toEqual({
      Payment: "Bank transfer · GTBank",
      "You pay": "₦15,200.00",
      "You receive": "10 PI",
      "Merchant's fee": "None",
    });
    const orderId = await dialog.submit();

    const userOrder = new OrderPage(user.page);
    await userOrder.expectStatus("pending", 5_000);
    await userOrder
      .heading()
      .filter({ hasText: /^Buy 10 PI/ })
      .waitFor();
    await userOrder.main().getByText("Payment details come next", { exact: true }).waitFor();
    const placed = await userOrder.summary();
    expect(placed).toMatchObject({
      "You buy": "10 PI",
      "Price per coin": "₦1,520.00",
      "You pay": "₦15,200.00",
      Escrow: "Locks when the merchant accepts",
    });
    const coins = coinUnits(placed["You buy"]!.replace(/ PI$/, ""));

    // The merchant finds it on Merchant Orders and accepts: their coins lock in escrow.
    const merchantOrders = OrderListPage.merchantOrders(merchant.page);
    await merchantOrders.open();
    expect(await merchantOrders.openOrder(user.username, "₦15,200.00")).toBe(orderId);
    const merchantOrder = new OrderPage(merchant.page);
    await merchantOrder
      .heading()
      .filter({ hasText: /^Sell 10 PI/ })
      .waitFor();
    await merchantOrder.expectStatus("pending", 5_000);
    await merchantOrder.accept();
    await merchantOrder.expectStatus("matched", 5_000);
    expect((await merchantOrder.summary()).Escrow).toBe("10 PI locked in escrow");

    // The user now sees where to pay, pays, and says so.
    await userOrder.expectStatus("matched");
    expect(await userOrder.paymentDetails()).toEqual({ "Amount to pay": "₦15,200.00", ...MERCHANT_ACCOUNT.emeka });
    await userOrder.markPaid();
    await userOrder.expectStatus("in_progress", 5_000);
    expect(await userOrder.paymentDetails("The seller's account")).toEqual({ "Amount sent": "₦15,200.00", ...MERCHANT_ACCOUNT.emeka });

    // The merchant sees the payment announced, checks the account it went to, and releases.
    await merchantOrder.expectStatus("in_progress");
    expect(await merchantOrder.paymentDetails("Your payout account")).toEqual({ "Amount due": "₦15,200.00", ...MERCHANT_ACCOUNT.emeka });
    await merchantOrder.confirmPaymentAndRelease();
    await merchantOrder.expectStatus("completed", 5_000);
    expect((await merchantOrder.summary()).Escrow).toBe("10 PI released to the buyer");
    await userOrder.expectStatus("completed");
    await expect(userOrder.nextStep("completed").innerText()).resolves.toBe("10 PI were released to your wallet.");

    // Each rates the other, once.
    await userOrder.rate(merchant.username, 5);
    await merchantOrder.rate(user.username, 4);

    // The wallets: exactly the order's coins moved from the merchant's available to the user's.
    await userWallet.open();
    const userAfter = await userWallet.balance("PI");
    await merchantWallet.open();
    const merchantAfter = await merchantWallet.balance("PI");
    expect(showUnits(userAfter.available - userBefore.available)).toBe(showUnits(coins));
    expect(showUnits(merchantBefore.available - merchantAfter.available)).toBe(showUnits(coins));
    expect(userAfter.inEscrow).toBe(userBefore.inEscrow);
    expect(merchantAfter.inEscrow).toBe(merchantBefore.inEscrow);

    // Merchant Orders holds the order; the merchant's own My Orders (orders they placed) does not.
    await merchantOrders.open();
    await merchantOrders.row(user.username, "₦15,200.00").waitFor();
    const myOrders = OrderListPage.myOrders(merchant.page);
    await myOrders.open();
    await myOrders.emptyState().waitFor();
    expect(await myOrders.rows().count()).toBe(0);
  });
});
