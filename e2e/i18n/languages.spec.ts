import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, test } from "../support/fixtures.js";
import { fetchMe, signInThroughApi } from "../support/accounts.js";
import { artifactsDir } from "../support/artifacts.js";
import { DEMO } from "../trading/parties.js";
import { horizontalOverflow, translatedEnglish, untranslatedTexts } from "./catalogs.js";

const SHOTS = join(artifactsDir, "i18n");

/** Everything a screen must be in a language: its lang and direction, no English left, nothing sticking out. */
async function expectScreenIn(page: Page, language: { code: string; locale: string; dir: string }, name: string) {
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([language.locale, language.dir]);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${language.code}-${name}.png`), fullPage: true });
  expect(await untranslatedTexts(page, translatedEnglish(language.code)), `${name}: English left on screen`).toEqual([]);
  expect(await horizontalOverflow(page), `${name}: wider than the phone`).toBeLessThanOrEqual(0);
  // Browsers have no Intl data for Yoruba: dates and times must not fall back to English words.
  const englishDateWords = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|AM|PM|ago|yesterday)\b/;
  expect(englishDateWords.exec(await page.locator("main").innerText())?.[0], `${name}: English date words`).toBeUndefined();
}

async function call<T>(request: APIRequestContext, path: string, data: unknown, method = "POST"): Promise<T> {
  const response = await request.fetch(path, { method, data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

const YORUBA = { code: "yo", locale: "yo-NG", dir: "ltr" };
const ARABIC = { code: "ar", locale: "ar", dir: "rtl" };

describe("the app in the reader's language", () => {
  test("a first visit from a French browser opens in French", async ({ browser, app }) => {
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 360, height: 780 }, locale: "fr-FR" });
    try {
      const page = await context.newPage();
      await page.goto("/");
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("fr-FR");
      await page.locator("main h1").waitFor();
      await expectScreenIn(page, { code: "fr", locale: "fr-FR", dir: "ltr" }, "landing");
    } finally {
      await context.close();
    }
  });

  for (const language of [YORUBA, ARABIC]) {
    test(`switched to ${language.code}: sign-in, dashboard and an order page are all in it, at 360 px, and the profile keeps it`, async ({
      app,
      context,
      page,
    }) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto("/auth");
      const choose = page.locator('select:has(option[value="ar"])').first();
      await choose.selectOption(language.code);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language.locale);
      await page.locator('input[type="email"]').waitFor();
      await expectScreenIn(page, language, "sign-in");

      await page.locator('input[type="email"]').fill(DEMO.tunde.email);
      await page.locator('input[autocomplete="current-password"]').fill(DEMO.tunde.password);
      await page.locator('button[type="submit"]').click();
      await page.waitForURL("**/dashboard");
      await page.locator("main h1").waitFor();
      await expectScreenIn(page, language, "dashboard");

      // The language chosen before signing in is the profile's now, for e-mails and Telegram too.
      const profileLanguage = async () =>
        ((await (await context.request.get("/api/auth/session")).json()) as { user: { language: string } }).user.language;
      await expect.poll(profileLanguage).toBe(language.code);

      const emeka = await fetchMe(app.url, DEMO.emeka);
      const { order } = await call<{ order: { id: string } }>(context.request, "/api/orders", {
        merchant_id: emeka.id,
        coin: "PI",
        side: "buy",
        naira_amount: "15200.00",
      });
      await page.goto(`/order/${order.id}`);
      await page.locator("main h1").waitFor();
      await expectScreenIn(page, language, "order");
    });
  }

  test("on a new device the profile's language wins over the browser's once signed in", async ({ browser, app }) => {
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 360, height: 780 }, locale: "ha-NG" });
    try {
      await signInThroughApi(context, DEMO.amaka);
      await call(context.request, "/api/profile/language", { language: "fr" }, "PUT");
      const page = await context.newPage();
      await page.goto("/dashboard");
      await page.locator("main h1").waitFor();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("fr-FR");
    } finally {
      await context.close();
    }
  });
});
