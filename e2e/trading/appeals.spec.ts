import { describe, expect, test } from "../support/fixtures.js";
import { coinUnits, showUnits } from "../support/money.js";
import { AdminPanel } from "../pages/admin-panel.js";
import { OrderListPage } from "../pages/order-lists.js";
import { OrderPage } from "../pages/order-page.js";
import { TradeMerchantsPage } from "../pages/trade-merchants-page.js";
import { WalletPage } from "../pages/wallet-page.js";
import { DEMO, joinAs } from "./parties.js";

describe("an appeal resolved by an admin", () => {
  test("release to the buyer: the buyer paid and appealed; the order completes and the buyer gets the coins", async ({ app, openContext }) => {
    const buyer = await joinAs(app, openContext, DEMO.tunde);
    const seller = await joinAs(app, openContext, DEMO.chioma);
    const admin = await joinAs(app, openContext, DEMO.admin);
    const buyerWallet = new WalletPage(buyer.page);
    const sellerWallet = new WalletPage(seller.page);
    await buyerWallet.open();
    const buyerBefore = await buyerWallet.balance("PI");
    await sellerWallet.open();
    const sellerBefore = await sellerWallet.balance("PI");

    // The user buys 4 PI from the merchant; the merchant accepts; the user pays and marks it paid.
    const trade = new TradeMerchantsPage(buyer.page);
    await trade.open();
    await trade.choose("PI", "Buy");
    const dialog = await trade.startOrder(seller.username, "PI", "Buy");
    await dialog.enterCoins("4");
    expect(await dialog.summary()).toMatchObject({ "You pay": "₦6,140.00", "You receive": "4 PI" });
    const orderId = await dialog.submit();
    const coins = coinUnits("4");

    const sellerOrders = OrderListPage.merchantOrders(seller.page);
    await sellerOrders.open();
    expect(await sellerOrders.openOrder(buyer.username, "₦6,140.00")).toBe(orderId);
    const sellerOrder = new OrderPage(seller.page);
    await sellerOrder.accept();

    const buyerOrder = new OrderPage(buyer.page);
    await buyerOrder.paymentDetails();
    await buyerOrder.markPaid();

    // The seller doesn't release; the buyer appeals with a reason.
    const appealReason = "I sent ₦6,140 from my GTBank account at 10:02 and attached the receipt in the chat. No release after 40 minutes.";
    await buyerOrder.openAppeal(appealReason);
    await buyerOrder.expectStatus("disputed", 5_000);
    await buyerOrder.appealCard().getByText("You opened this appeal", { exact: false }).waitFor();
    await sellerOrder.expectStatus("disputed");
    await sellerOrder.appealCard().getByText(`Opened by ${buyer.username}`, { exact: false }).waitFor();
    await sellerOrder.appealCard().getByText(appealReason, { exact: true }).waitFor();

    // The admin opens Admin Panel → Appeals, reads the appeal and releases to the buyer.
    const panel = new AdminPanel(admin.page);
    await panel.open();
    await panel.openSection("Appeals");
    const appeal = panel.appeal(orderId);
    await appeal.getByText(appealReason, { exact: true }).waitFor();
    await appeal.getByText(`Opened by ${buyer.username} (buyer)`, { exact: true }).waitFor();
    const decision = "The buyer's bank statement shows ₦6,140.00 reaching the seller's Access Bank account at 10:02. Released to the buyer.";
    await panel.resolveAppeal(orderId, "release", decision);

    // Both parties see the order completed and the admin's written reason.
    for (const order of [buyerOrder, sellerOrder]) {
      await order.expectStatus("completed");
      await order.expectAppealDecision({ badge: "Released to buyer", outcome: "The admin released the coins to the buyer.", reason: decision });
    }
    expect((await buyerOrder.summary()).Escrow).toBe("4 PI released to the buyer");

    await buyerWallet.open();
    const buyerAfter = await buyerWallet.balance("PI");
    await sellerWallet.open();
    const sellerAfter = await sellerWallet.balance("PI");
    expect(showUnits(buyerAfter.available - buyerBefore.available)).toBe(showUnits(coins));
    expect(showUnits(sellerBefore.available - sellerAfter.available)).toBe(showUnits(coins));
    expect(sellerAfter.inEscrow).toBe(sellerBefore.inEscrow);
  });

  test("refund to the seller: the merchant marked paid, the selling user appealed; the order is cancelled and the coins come back", async ({
    app,
    openContext,
  }) => {
    const seller = await joinAs(app, openContext, DEMO.amaka);
    const buyer = await joinAs(app, openContext, DEMO.emeka);
    const admin = await joinAs(app, openContext, DEMO.admin);
    const sellerWallet = new WalletPage(seller.page);
    const buyerWallet = new WalletPage(buyer.page);
    await sellerWallet.open();
    const sellerBefore = await sellerWallet.balance("PI");
    await buyerWallet.open();
    const buyerBefore = await buyerWallet.balance("PI");

    // The user sells 6 PI to the merchant at ₦1,450: locked in escrow at once.
    const trade = new TradeMerchantsPage(seller.page);
    await trade.open();
    await trade.choose("PI", "Sell");
    const dialog = await trade.startOrder(buyer.username, "PI", "Sell");
    await dialog.enterCoins("6");
    await dialog.enterPayout({ bank_name: "Zenith Bank", account_number: "2087654321", account_name: "Amaka Obi" });
    expect(await dialog.summary()).toMatchObject({ "You receive": "₦8,700.00", "You sell": "6 PI" });
    const orderId = await dialog.submit();

    // The merchant accepts and marks it paid, but no naira arrives.
    const buyerOrders = OrderListPage.merchantOrders(buyer.page);
    await buyerOrders.open();
    expect(await buyerOrders.openOrder(seller.username, "₦8,700.00")).toBe(orderId);
    const buyerOrder = new OrderPage(buyer.page);
    await buyerOrder.accept();
    await buyerOrder.markPaid();

    const sellerOrder = new OrderPage(seller.page);
    await sellerOrder.expectStatus("in_progress");
    const appealReason = "Marked paid but nothing reached my Zenith account 2087654321; my statement shows no credit of ₦8,700.";
    await sellerOrder.openAppeal(appealReason);
    await sellerOrder.expectStatus("disputed", 5_000);
    await buyerOrder.expectStatus("disputed");

    const panel = new AdminPanel(admin.page);
    await panel.open();
    await panel.openSection("Appeals");
    await panel.appeal(orderId).getByText(`Opened by ${seller.username} (seller)`, { exact: true }).waitFor();
    const decision = "The buyer sent no proof of payment and the seller's statement shows no credit. The coins go back to the seller.";
    await panel.resolveAppeal(orderId, "refund", decision);

    for (const order of [sellerOrder, buyerOrder]) {
      await order.expectStatus("cancelled");
      await order.expectAppealDecision({ badge: "Refunded to seller", outcome: "The admin returned the coins to the seller.", reason: decision });
    }
    expect((await sellerOrder.summary()).Escrow).toBe("6 PI returned to the seller");

    // The seller's coins are back in available, nothing left in escrow; the merchant got nothing.
    await sellerWallet.open();
    const sellerAfter = await sellerWallet.balance("PI");
    expect(showUnits(sellerAfter.available)).toBe(showUnits(sellerBefore.available));
    expect(sellerAfter.inEscrow).toBe(sellerBefore.inEscrow);
    await buyerWallet.open();
    expect(await buyerWallet.balance("PI")).toEqual(buyerBefore);
  });
});
