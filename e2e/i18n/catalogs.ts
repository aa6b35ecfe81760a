import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";

const root = fileURLToPath(new URL("../../", import.meta.url));
const CATALOG_DIRS = ["apps/web/src/locales", "packages/shared/locales"];

/**
 * The English texts a language translates to something else: if one of them is on the screen
 * in that language, the screen shows untranslated English.
 */
export function translatedEnglish(language: string): Set<string> {
  const english = new Set<string>();
  for (const dir of CATALOG_DIRS.map((d) => join(root, d, language)).filter(existsSync)) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
      const entries = JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, string>;
      for (const [key, value] of Object.entries(entries)) {
        // Only whole texts with words; plural keys and texts with {{values}} never show as they are.
        if (value !== key && !/_(zero|one|two|few|many|other)$/.test(key) && !key.includes("{{") && /\p{L}{3}/u.test(key)) english.add(key);
      }
    }
  }
  return english;
}

/** Visible texts and accessible names on the page that are English its language has a translation for. */
export async function untranslatedTexts(page: Page, english: Set<string>): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, [aria-hidden=true]")) continue;
      const style = getComputedStyle(parent);
      if (style.display === "none" || style.visibility === "hidden") continue;
      const text = node.textContent?.trim();
      if (text) found.push(text);
    }
    for (const element of document.querySelectorAll("[aria-label], [placeholder], [title]")) {
      for (const name of ["aria-label", "placeholder", "title"]) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
  return [...new Set(texts.filter((text) => english.has(text)))];
}

/** Whether anything sticks out sideways: the page is wider than the phone. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
