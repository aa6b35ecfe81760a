/**
 * Visual check of the shell, landing, static pages and dashboard, at phone and desktop sizes, light and dark.
 *
 *   node --import tsx e2e/scripts/screenshots.ts [baseUrl]     (default http://localhost:3100)
 *
 * Signed-in screens use the real API when SHOTS_EMAIL / SHOTS_PASSWORD are set; otherwise the session and dashboard
 * answers are stubbed in the browser (so the layout can be reviewed before accounts exist). PNGs go to /tmp/shots/.
 * Also reports any page wider than its viewport (horizontal overflow), including at 360 px.
 */
import { mkdirSync } from "node:fs";
import { chromium, type BrowserContext, type Page } from "playwright-core";

const BASE = process.argv[2] ?? "http://localhost:3100";
const OUT = "/tmp/shots";
const EMAIL = process.env.SHOTS_EMAIL;
const PASSWORD = process.env.SHOTS_PASSWORD;

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;
const THEMES = ["light", "dark"] as const;

const me = (role: "user" | "merchant" | "admin") => ({
  id: "6f1c2a9e-2b7d-4c1e-9a55-0d5e3f4b7a10",
  email: "adaeze@example.com",
  full_name: "Adaeze Okafor",
  username: "adaeze_o",
  phone_number: "+2348012345678",
  role,
  reputation_score: "4.75",
  total_trades: 38,
  referral_code: "REF6F1C2A9E",
  needs_profile: false,
  created_at: "2026-03-02T10:00:00.000Z",
});

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const summary = (empty: boolean) => ({
  active_orders: empty ? 0 : 3,
  completed_trades: empty ? 0 : 38,
  reputation_score: empty ? "0.00" : "4.75",
  active_chats: empty ? 0 : 2,
  recent_activity: empty
    ? []
    : [
        {
          id: "t1",
          crypto_type: "SIDRA",
          transaction_type: "buy",
          amount: "120.00000000",
          total_amount: "150000.00",
          status: "completed",
          completed_at: hoursAgo(2),
        },
        {
          id: "t2",
          crypto_type: "USDT",
          transaction_type: "sell",
          amount: "250.50000000",
          total_amount: "412327.50",
          status: "completed",
          completed_at: hoursAgo(20),
        },
        {
          id: "t3",
          crypto_type: "PI",
          transaction_type: "buy",
          amount: "14.25000000",
          total_amount: "28500.00",
          status: "completed",
          completed_at: hoursAgo(50),
        },
        {
          id: "t4",
          crypto_type: "CORE",
          transaction_type: "sell",
          amount: "3.00000000",
          total_amount: "5400.00",
          status: "completed",
          completed_at: hoursAgo(96),
        },
        {
          id: "t5",
          crypto_type: "RUBI",
          transaction_type: "buy",
          amount: "1000.00000000",
          total_amount: "1250000.00",
          status: "completed",
          completed_at: hoursAgo(200),
        },
      ],
});
const analytics = (empty: boolean) => ({
  coins: empty
    ? []
    : [
        { crypto_type: "SIDRA", buys: 29, sells: 11, buy_percent: 72.5, sell_percent: 27.5, trend: "bullish" },
        { crypto_type: "PI", buys: 4, sells: 13, buy_percent: 23.5, sell_percent: 76.5, trend: "bearish" },
        { crypto_type: "RUBI", buys: 6, sells: 5, buy_percent: 54.5, sell_percent: 45.5, trend: "neutral" },
        { crypto_type: "CORE", buys: 3, sells: 2, buy_percent: 60, sell_percent: 40, trend: "neutral" },
      ],
});

async function stubSignedIn(context: BrowserContext, role: "user" | "merchant" | "admin", empty: boolean) {
  const json = (body: unknown) => ({ status: 200, contentType: "application/json", body: JSON.stringify(body) });
  await context.route("**/api/auth/session", (r) => r.fulfill(json({ user: me(role) })));
  await context.route("**/api/dashboard/summary", (r) => r.fulfill(json(summary(empty))));
  await context.route("**/api/dashboard/coin-analytics", (r) => r.fulfill(json(analytics(empty))));
  await context.route("**/api/auth/providers", (r) => r.fulfill(json({ google: false, telegram: false })));
}

async function signIn(page: Page) {
  const res = await page.request.post(`${BASE}/api/auth/sign-in`, {
    data: { email: EMAIL, password: PASSWORD },
    headers: { Origin: BASE },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
}

async function open(page: Page, path: string) {
  await page.goto(BASE + path, { waitUntil: "domcontentloaded" });
  await page.waitForSelector('[aria-label$=": loading"]', { state: "detached", timeout: 10_000 });
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(250);
}

async function checkOverflow(page: Page, label: string) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (over > 0) console.log(`OVERFLOW ${label}: ${over}px wider than the viewport`);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  // Tall pages are saved in viewport-wide slices (name-1.png, name-2.png …) so each stays readable.
  const shot = async (page: Page, name: string, fullPage = true) => {
    if (!fullPage) {
      await page.screenshot({ path: `${OUT}/${name}.png` });
      return console.log(`${OUT}/${name}.png`);
    }
    // Sections below the first screen (`.below-fold`, content-visibility: auto) are painted as they
    // are scrolled near; a capture of the whole page scrolls nothing, so they are shown as a reader
    // who scrolled would see them.
    await page.addStyleTag({ content: ".below-fold { content-visibility: visible !important; }" });
    const { width } = page.viewportSize()!;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const slice = width < 600 ? 1400 : 1800;
    for (let y = 0, i = 1; y < height; y += slice, i++) {
      const path = `${OUT}/${name}-${i}.png`;
      await page.screenshot({ path, fullPage: true, clip: { x: 0, y, width, height: Math.min(slice, height - y) } });
      console.log(path);
    }
  };

  for (const vp of VIEWPORTS) {
    for (const theme of THEMES) {
      const tag = `${vp.name}-${theme}`;
      const newContext = async () => {
        const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height }, deviceScaleFactor: 1 });
        await context.addInitScript((t) => localStorage.setItem("vite-ui-theme", t), theme);
        return context;
      };

      // Public pages, signed out.
      const pub = await newContext();
      const page = await pub.newPage();
      await page.goto(BASE + "/", { waitUntil: "domcontentloaded" });
      await page.waitForTimeout(600);
      await shot(page, `splash-${tag}`, false);
      for (const [name, path] of [
        ["landing", "/"],
        ["help", "/help"],
        ["status", "/status"],
        ["404", "/no-such-page"],
        ["terms", "/terms"],
      ] as const) {
        await open(page, path);
        await checkOverflow(page, `${name} ${tag}`);
        await shot(page, `${name}-${tag}`);
      }
      await pub.close();

      // Signed-in screens.
      for (const role of ["user", "merchant"] as const) {
        if (EMAIL && role !== "user") continue;
        const ctx = await newContext();
        if (!EMAIL) await stubSignedIn(ctx, role, false);
        const p = await ctx.newPage();
        if (EMAIL) await signIn(p);
        await open(p, "/dashboard");
        await shot(p, `dashboard-follow-${role}-${tag}`, false);
        await p.getByRole("button", { name: "Maybe Later" }).click();
        await p.waitForTimeout(200);
        await checkOverflow(p, `dashboard ${role} ${tag}`);
        await shot(p, `dashboard-${role}-${tag}`);
        if (role === "user") {
          await p.getByRole("button", { name: "Help", exact: true }).click();
          await p.waitForTimeout(300);
          await shot(p, `help-dialog-${tag}`, false);
          await p.keyboard.press("Escape");
          await p
            .getByRole("button", { name: /Submit Complaint/ })
            .first()
            .click();
          await p.waitForTimeout(300);
          await shot(p, `complaint-${tag}`, false);
          await p.keyboard.press("Escape");
          await p.getByRole("button", { name: /Join Telegram Bot/ }).click();
          await p.waitForTimeout(300);
          await shot(p, `telegram-${tag}`, false);
          await p.keyboard.press("Escape");
          await open(p, "/price");
          await shot(p, `price-${tag}`, false);
        }
        if (vp.name === "phone") {
          await p.getByRole("button", { name: "Open menu" }).click();
          await p.waitForTimeout(400);
          await shot(p, `menu-${role}-${tag}`, false);
        }
        await ctx.close();
      }

      if (!EMAIL && vp.name === "phone") {
        const ctx = await newContext();
        await stubSignedIn(ctx, "user", true);
        const p = await ctx.newPage();
        await p.addInitScript(() => sessionStorage.setItem("naijap2p:follow-dialog-dismissed", "1"));
        await open(p, "/dashboard");
        await shot(p, `dashboard-empty-${tag}`);
        await ctx.close();
      }
    }
  }

  // Overflow sweep at the narrowest supported width.
  const narrow = await browser.newContext({ viewport: { width: 360, height: 740 } });
  if (!EMAIL) await stubSignedIn(narrow, "merchant", false);
  const np = await narrow.newPage();
  await np.addInitScript(() => sessionStorage.setItem("naijap2p:follow-dialog-dismissed", "1"));
  for (const path of ["/", "/help", "/status", "/about", "/careers", "/terms", "/privacy", "/merchant-agreement", "/nope", "/dashboard", "/price"]) {
    await open(np, path);
    await checkOverflow(np, `360px ${path}`);
  }
  await shot(np, "narrow-360-dashboard");
  await browser.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
