import type { Locator, Page } from "playwright-core";
import { expectPath } from "./app.js";

/** /order ("My Orders", what the caller placed) and /merchant-orders ("Merchant Orders", what they took as merchant). */
export class OrderListPage {
  constructor(
    readonly page: Page,
    readonly path: "/order" | "/merchant-orders",
  ) {}

  static myOrders(page: Page): OrderListPage {
    return new OrderListPage(page, "/order");
  }

  static merchantOrders(page: Page): OrderListPage {
    return new OrderListPage(page, "/merchant-orders");
  }

  heading(): Locator {
    return this.page.getByRole("heading", { level: 1, name: this.path === "/order" ? "My Orders" : "Merchant Orders", exact: true });
  }

  async open(): Promise<void> {
    await this.page.goto(this.path);
    await this.heading().waitFor();
  }

  /** Every order row (each a link to its order page). */
  rows(): Locator {
    return this.page.getByRole("main").getByRole("listitem").getByRole("link");
  }

  /** The row of the order with `counterparty` for `naira` (as shown, e.g. "₦15,200.00"). */
  row(counterparty: string, naira: string): Locator {
    return this.rows()
      .filter({ hasText: `with ${counterparty}` })
      .filter({ hasText: naira });
  }

  /** Opens the order from its row and returns its id. */
  async openOrder(counterparty: string, naira: string): Promise<string> {
    await this.row(counterparty, naira).click();
    await this.page.waitForURL(/\/order\/[0-9a-f-]{36}$/, { waitUntil: "commit" });
    const id = new URL(this.page.url()).pathname.split("/").pop()!;
    await expectPath(this.page, `/order/${id}`);
    return id;
  }

  /** The empty list's message ("No orders yet"). */
  emptyState(title = "No orders yet"): Locator {
    return this.page.getByRole("main").getByText(title, { exact: true });
  }
}
