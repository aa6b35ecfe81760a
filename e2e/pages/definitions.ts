import type { Locator } from "playwright-core";

/**
 * The term → definition pairs of a description list (<dl>) as the screen shows them, e.g. an
 * order's payment details { "Bank": "GTBank", "Account number": "0241583967", … }. `scope` is the
 * <dl> itself or an element holding one; each term's text is taken up to its first line.
 */
export async function readDefinitions(scope: Locator): Promise<Record<string, string>> {
  return scope.evaluate((root) => {
    const list = root.tagName === "DL" ? root : root.querySelector("dl");
    if (!list) throw new Error("No description list here");
    const pairs: Record<string, string> = {};
    for (const term of Array.from(list.querySelectorAll("dt"))) {
      let definition = term.nextElementSibling;
      while (definition && definition.tagName !== "DD") definition = definition.nextElementSibling;
      const key = (term as HTMLElement).innerText.trim();
      if (definition && key) pairs[key] = (definition as HTMLElement).innerText.replace(/\s+/g, " ").trim();
    }
    return pairs;
  });
}
