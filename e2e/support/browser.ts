import { chromium, type Browser, type BrowserContext } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The phone the account specs run at (spec: a mobile-first product). */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

/** The tab-session key under which the app notes that this tab has seen the splash (features/shell/splash.tsx). */
const SPLASH_SHOWN_KEY = "naijap2p.splash-shown";

/**
 * A fresh browser profile (cookies, local storage) at phone width, pointed at the product. Its
 * tabs have already seen the splash, as a person's tab has after the first load, unless `splash`
 * is asked for: only the shell's own specs wait through its 2 seconds.
 */
export async function newPhoneContext(browser: Browser, baseURL: string, { splash = false } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: PHONE_VIEWPORT, locale: "en-NG", timezoneId: "Africa/Lagos" });
  if (!splash) await context.addInitScript((key) => sessionStorage.setItem(key, "1"), SPLASH_SHOWN_KEY);
  // Generous next to the 2-second splash, short enough that a missing element fails the test soon.
  context.setDefaultTimeout(15_000);
  return context;
}
