import type { Page } from "playwright-core";

/** The start screen every full page load shows for 2 seconds before any route renders (spec §2). */
export function splash(page: Page) {
  return page.getByRole("status", { name: "NaijaP2P: loading" });
}

/** Waits until the address bar shows `path` (client-side redirects included; the splash comes first). */
export async function expectPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === path, { waitUntil: "commit", timeout });
  } catch {
    throw new Error(`Expected to be at ${path}, but the page is at ${new URL(page.url()).pathname}`);
  }
}

/** The newest value the app wrote to local storage under `key`. */
export function localStorageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}
