import type { Page } from "playwright-core";
import { describe, expect, test } from "../support/fixtures.js";
import { fetchMe, signInThroughApi } from "../support/accounts.js";
import { controlsKeyboardMisses, seriousAxeFindings } from "../support/accessibility.js";
import { DEMO } from "../trading/parties.js";

/**
 * Every route at phone width, as the people who use it: no serious or critical axe-core (WCAG 2.1
 * AA) finding, and every visible control reachable with the Tab key.
 */

const PUBLIC_ROUTES = ["/", "/auth", "/help", "/status", "/about", "/careers", "/terms", "/privacy", "/merchant-agreement", "/no-such-page"];
const USER_ROUTES = [
  "/dashboard",
  "/price",
  "/listed-coins",
  "/trade-merchants",
  "/wallet",
  "/order",
  "/transaction-history",
  "/settings",
  "/profile",
  "/notifications",
  "/chat",
  "/live-chat",
  "/merchant-application",
  "/appeals",
  "/tickets-complaints",
];
const MERCHANT_ROUTES = ["/marketplace", "/merchant-orders", "/tickets", "/merchant-group-chat", "/price-update"];
const ADMIN_SECTIONS = [
  "deposits",
  "withdrawals",
  "appeals",
  "complaints",
  "live-chat",
  "users",
  "applications",
  "coins",
  "networks",
  "reserves",
  "audit-log",
];
const ADMIN_ROUTES = ["/admin", ...ADMIN_SECTIONS.map((section) => `/admin?section=${section}`), "/tickets-payment-view"];

/** Moves within the app without a full load (so without the splash), as a link would. */
async function goWithinApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  // Let the previous screen go first, so its heading is not taken for the new one's.
  await page.waitForTimeout(400);
  await settle(page);
}

/** The dashboard's 'Follow NaijaP2P' dialog, open on its first load in a browser session (spec §2). */
const followDialog = (page: Page) => page.getByRole("dialog", { name: "Follow NaijaP2P" });

/**
 * Waits for the splash (painted by index.html, with a heading of its own) to go, then for the
 * screen's heading (or a dialog hiding it) and for its loading placeholders to go.
 */
async function settle(page: Page): Promise<void> {
  await page.getByRole("status", { name: "NaijaP2P: loading" }).waitFor({ state: "detached" });
  await page
    .getByRole("heading", { level: 1 })
    .or(followDialog(page))
    .first()
    .waitFor()
    .catch((err: Error) => {
      throw new Error(`${new URL(page.url()).pathname}: no heading came: ${err.message}`);
    });
  await page.waitForFunction(() => document.querySelectorAll("[aria-busy=true]").length === 0, undefined, { timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

/** The screen as it is; with the Follow dialog open, the dialog, then the screen once it is closed. */
async function audit(page: Page, path: string): Promise<string[]> {
  const dialog = followDialog(page);
  if (!(await dialog.isVisible())) return auditShown(page, path);
  const problems = await auditShown(page, `${path} (Follow NaijaP2P)`);
  await dialog.getByRole("button", { name: "Maybe Later" }).click();
  await dialog.waitFor({ state: "detached" });
  await settle(page);
  return [...problems, ...(await auditShown(page, path))];
}

async function auditShown(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  for (const f of await seriousAxeFindings(page)) problems.push(`${path} axe ${f.impact} ${f.id}: ${f.help} → ${f.targets.join(" | ")}`);
  for (const miss of await controlsKeyboardMisses(page)) problems.push(`${path} keyboard cannot reach ${miss}`);
  return problems;
}

async function auditAll(page: Page, first: string, paths: string[]): Promise<string[]> {
  await page.goto(first);
  await settle(page);
  const problems: string[] = [];
  for (const [i, path] of paths.entries()) {
    if (i > 0 || path !== first) await goWithinApp(page, path);
    problems.push(...(await audit(page, path)));
  }
  return problems;
}

describe("accessibility at phone width", () => {
  test("public pages", async ({ page }) => {
    const problems: string[] = [];
    for (const path of PUBLIC_ROUTES) {
      await page.goto(path);
      await settle(page);
      problems.push(...(await audit(page, path)));
    }
    expect(problems).toEqual([]);
  });

  test("a user's screens, an order and its chat", async ({ app, context, page }) => {
    await signInThroughApi(context, DEMO.tunde);
    const emeka = await fetchMe(app.url, DEMO.emeka);
    const created = await context.request.post("/api/orders", { data: { merchant_id: emeka.id, coin: "PI", side: "buy", naira_amount: "3040" } });
    expect(created.status()).toBe(201);
    const orderId = ((await created.json()) as { order: { id: string } }).order.id;
    expect(await auditAll(page, "/dashboard", [...USER_ROUTES, `/order/${orderId}`, `/chat/${orderId}`])).toEqual([]);
  });

  test("a merchant's screens", async ({ context, page }) => {
    await signInThroughApi(context, DEMO.emeka);
    expect(await auditAll(page, "/dashboard", ["/dashboard", ...MERCHANT_ROUTES])).toEqual([]);
  });

  test("an admin's screens", async ({ context, page }) => {
    await signInThroughApi(context, DEMO.admin);
    expect(await auditAll(page, "/dashboard", ["/dashboard", ...ADMIN_ROUTES])).toEqual([]);
  });
});
