import { mkdirSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { toastRegion } from "../pages/toasts.js";

/** Where the visual check's screenshots go when SHOTS_DIR is set (phone and desktop, light and dark). */
const SHOTS_DIR = process.env.SHOTS_DIR;

/** Screenshots of the page at 390×844 and 1440×900, light and dark, once any toast is gone; nothing without SHOTS_DIR. */
export async function shoot(page: Page, name: string, focus?: Locator): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await toastRegion(page)
    .getByRole("listitem")
    .first()
    .waitFor({ state: "detached", timeout: 15_000 })
    .catch(() => undefined);
  for (const viewport of [
    { width: 390, height: 844, tag: "phone" },
    { width: 1440, height: 900, tag: "desktop" },
  ]) {
    await page.setViewportSize(viewport);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      if (focus) await focus.evaluate((el) => el.scrollIntoView({ block: "center" }));
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS_DIR}/${name}-${viewport.tag}-${scheme}.png` });
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "light" });
}
