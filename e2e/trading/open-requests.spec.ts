import { describe, expect, test } from "../support/fixtures.js";
import { expectToast } from "../pages/toasts.js";
import { MarketplacePage } from "../pages/marketplace-page.js";
import { OrderPage } from "../pages/order-page.js";
import { TradeMerchantsPage } from "../pages/trade-merchants-page.js";
import { WalletPage } from "../pages/wallet-page.js";
import { DEMO, joinAs } from "./parties.js";

describe("open requests on the marketplace", () => {
  test("a user posts a request to buy; two merchants reach for it, the first to accept wins and the other is told; the buyer cancels before paying and the escrow goes back", async ({
    app,
    openContext,
  }) => {
    const user = await joinAs(app, openContext, DEMO.tunde);
    const winner = await joinAs(app, openContext, DEMO.chioma);
    const other = await joinAs(app, openContext, DEMO.emeka);
    const winnerWallet = new WalletPage(winner.page);
    await winnerWallet.open();
    const before = await winnerWallet.balance("PI");

    // The user asks to buy ₦15,000 of PI at the best price now.
    const trade = new TradeMerchantsPage(user.page);
    await trade.open();
    await trade.choose("PI", "Buy");
    const orderId = await trade.postOpenRequest("PI", "Buy", "15000");
    const userOrder = new OrderPage(user.page);
    await userOrder.expectStatus("pending", 5_000);

    // Both merchants see it; one hesitates in the confirmation while the other accepts.
    const otherMarket = new MarketplacePage(other.page);
    await otherMarket.open();
    const hesitating = await otherMarket.startAccepting(user.username, "₦15,000.00");
    const winnerMarket = new MarketplacePage(winner.page);
    await winnerMarket.open();
    // The slower merchant is told it's gone: looked for from the accept on, since the winner's
    // way to the order page can outlast a toast on a slow machine.
    const told = expectToast(other.page, "This request is no longer open", "Another merchant took it, or its time ran out.");
    expect(await winnerMarket.accept(user.username, "₦15,000.00")).toBe(orderId);
    await told;

    // And the request leaves their list.
    await hesitating.waitFor({ state: "hidden" });
    await otherMarket.request(user.username, "₦15,000.00").waitFor({ state: "detached" });

    // The winner's coins are locked in escrow for the user.
    const winnerOrder = new OrderPage(winner.page);
    await winnerOrder.expectStatus("matched", 5_000);
    const escrow = (await winnerOrder.summary()).Escrow!;
    expect(escrow).toMatch(/^[\d.]+ PI locked in escrow$/);

    // The user has not paid and changes their mind: they cancel with a reason.
    await userOrder.expectStatus("matched");
    await userOrder.cancel("Sorry, my bank app is down today.");
    await userOrder.expectStatus("cancelled", 5_000);
    await winnerOrder.expectStatus("cancelled");

    // Nothing moved for the merchant: the escrow went back to their available balance.
    await winnerWallet.open();
    const after = await winnerWallet.balance("PI");
    expect(after).toEqual(before);
  });
});

describe("an appeal taken back", () => {
  test("the buyer appeals, then withdraws it once the seller answers; the trade goes back to in progress and completes", async ({
    app,
    openContext,
  }) => {
    const buyer = await joinAs(app, openContext, DEMO.amaka);
    const seller = await joinAs(app, openContext, DEMO.emeka);

    const trade = new TradeMerchantsPage(buyer.page);
    await trade.open();
    await trade.choose("PI", "Buy");
    const dialog = await trade.startOrder(seller.username, "PI", "Buy");
    await dialog.enterCoins("2");
    const orderId = await dialog.submit();

    const sellerOrder = new OrderPage(seller.page);
    await sellerOrder.open(orderId);
    await sellerOrder.accept();
    const buyerOrder = new OrderPage(buyer.page);
    await buyerOrder.paymentDetails();
    await buyerOrder.markPaid();

    await buyerOrder.openAppeal("Paid ₦3,040 twenty minutes ago and no release yet.");
    await buyerOrder.expectStatus("disputed", 5_000);
    await sellerOrder.expectStatus("disputed");

    // The appellant, and only they, may withdraw: the seller has no such button.
    await expect(sellerOrder.action("Withdraw appeal").count()).resolves.toBe(0);
    await buyerOrder.withdrawAppeal();
    await buyerOrder.expectStatus("in_progress", 5_000);
    await sellerOrder.expectStatus("in_progress");

    await sellerOrder.confirmPaymentAndRelease();
    await sellerOrder.expectStatus("completed", 5_000);
    await buyerOrder.expectStatus("completed");
  });
});
