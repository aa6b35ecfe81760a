/**
 * Screenshots of the support screens (issue #5): /tickets-complaints, /appeals, /tickets,
 * /tickets-payment-view and the admin Complaints section, first empty, then with real data made
 * through the API. User screens at 390×844, admin screens at 1440×900, light and dark.
 *
 *   WEB_DIST=/tmp/x-dist node --import tsx e2e/complaints/screens.ts [outDir]
 */
import { mkdirSync, readFileSync } from "node:fs";
import { chromium, type APIRequestContext, type Browser, type Page } from "playwright-core";
import { splash } from "../pages/app.js";
import { fetchMe } from "../support/accounts.js";
import { startProduct, type Product } from "../support/product.js";
import { DEMO } from "../trading/parties.js";

const OUT = process.argv[2] ?? "/tmp/support5-shots";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const THEMES = ["light", "dark"] as const;
const RECEIPT = readFileSync(new URL("../../apps/server/src/uploads/test-images/receipt.png", import.meta.url));

type Account = { email: string; password: string };

async function shoot(browser: Browser, app: Product, who: Account, path: string, name: string, viewport: { width: number; height: number }) {
  for (const theme of THEMES) {
    const context = await browser.newContext({ baseURL: app.url, viewport, deviceScaleFactor: 1 });
    await context.addInitScript((t) => {
      localStorage.setItem("vite-ui-theme", t);
      sessionStorage.setItem("naijap2p:follow-dialog-dismissed", "1");
    }, theme);
    const res = await context.request.post("/api/auth/sign-in", { data: who });
    if (!res.ok()) throw new Error(`sign-in ${who.email}: ${res.status()}`);
    const page = await context.newPage();
    await page.goto(path);
    await settle(page);
    const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (over > 0) console.log(`OVERFLOW ${name}-${theme}: ${over}px`);
    const file = `${OUT}/${name}-${theme}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    await context.close();
  }
}

async function settle(page: Page) {
  await page.waitForTimeout(300);
  await splash(page).waitFor({ state: "detached", timeout: 20_000 });
  await page.locator("main h1").first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(800);
}

async function client(browser: Browser, app: Product, who: Account): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL: app.url });
  const res = await context.request.post("/api/auth/sign-in", { data: who });
  if (!res.ok()) throw new Error(`sign-in ${who.email}: ${res.status()}`);
  return context.request;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read as untyped JSON
async function call<T = Record<string, any>>(req: APIRequestContext, path: string, body?: unknown): Promise<T> {
  const res = body === undefined ? await req.get(path) : await req.post(path, { data: body });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

async function upload(req: APIRequestContext): Promise<string> {
  const res = await req.post("/api/uploads", { data: RECEIPT, headers: { "content-type": "image/png" } });
  if (!res.ok()) throw new Error(`upload: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { upload: { id: string } }).upload.id;
}

async function screens(browser: Browser, app: Product, stage: string) {
  await shoot(browser, app, DEMO.tunde, "/tickets-complaints", `complaints-${stage}-phone`, PHONE);
  await shoot(browser, app, DEMO.tunde, "/appeals", `appeals-${stage}-phone`, PHONE);
  await shoot(browser, app, DEMO.emeka, "/tickets", `tickets-${stage}-phone`, PHONE);
  await shoot(browser, app, DEMO.admin, "/tickets-payment-view", `tickets-payment-view-${stage}-desktop`, DESKTOP);
  await shoot(browser, app, DEMO.admin, "/admin?section=complaints", `admin-complaints-${stage}-desktop`, DESKTOP);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const app = await startProduct();
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    await screens(browser, app, "empty");

    const tunde = await client(browser, app, DEMO.tunde);
    const emeka = await client(browser, app, DEMO.emeka);
    const admin = await client(browser, app, DEMO.admin);
    const emekaId = (await fetchMe(app.url, DEMO.emeka)).id;

    const first = await call(tunde, "/api/complaints", {
      category: "payment",
      priority: "high",
      subject: "Merchant has not released my PI",
      message: "I paid ₦50,000 for my order an hour ago and the merchant has not released the coins. The transfer reference is FT26113000.",
    });
    await call(tunde, "/api/complaints", {
      category: "platform",
      priority: "low",
      subject: "Dark mode resets on my phone",
      message: "Every time I reopen the app the theme goes back to light.",
    });
    await call(admin, `/api/admin/complaints/${first.id}/replies`, {
      message: "Thanks for reporting this. We have contacted the merchant and are checking the transfer with the bank.",
    });
    await call(admin, `/api/admin/complaints/${first.id}/status`, { status: "in_review" });
    await call(tunde, `/api/complaints/${first.id}/messages`, { message: "Thank you. I have attached the receipt to the order." });

    const trade = async (naira: string) => {
      const { order } = await call(tunde, "/api/orders", { merchant_id: emekaId, coin: "PI", side: "buy", naira_amount: naira });
      await call(emeka, `/api/orders/${order.id}/accept`, {});
      await call(tunde, `/api/orders/${order.id}/mark-paid`, {});
      await call(tunde, `/api/orders/${order.id}/proofs`, { upload_id: await upload(tunde), amount: naira, reference: "FT26113000" });
      return order.id as string;
    };
    const disputed = await trade("50000.00");
    await call(tunde, `/api/orders/${disputed}/messages`, { content: "I sent the money to your GTBank account, please check." });
    await call(tunde, `/api/orders/${disputed}/appeal`, {
      reason: "I paid ₦50,000 to the merchant's GTBank account 40 minutes ago and the coins have not been released.",
    });
    await call(tunde, `/api/appeals/${disputed}/evidence`, { upload_ids: [await upload(tunde), await upload(tunde)] });
    await call(emeka, `/api/orders/${disputed}/messages`, { content: "Nothing has arrived in my account yet. Checking with the bank." });
    await trade("12000.00");

    await screens(browser, app, "filled");
    await shoot(browser, app, DEMO.tunde, `/tickets-complaints?open=${first.id}`, "complaints-open-phone", PHONE);
    await shoot(browser, app, DEMO.tunde, `/appeals?order=${disputed}`, "appeals-open-phone", PHONE);
    await shoot(browser, app, DEMO.admin, `/admin?section=complaints&status=all&complaint=${first.id}`, "admin-complaints-open-desktop", DESKTOP);
    await shoot(browser, app, DEMO.admin, `/appeals?order=${disputed}`, "appeals-admin-desktop", DESKTOP);
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
