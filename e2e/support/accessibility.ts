import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export type AxeFinding = { id: string; impact: string; help: string; targets: string[] };

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it is now and returns the serious and
 * critical findings. The script is evaluated through the DevTools protocol, so the page's strict
 * Content-Security-Policy stays on.
 */
export async function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, impact: v.impact!, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
  });
}

/**
 * Tabs through the page and returns the visible controls the keyboard never reached. Members of
 * a roving-focus group (radio groups, tab lists, menus) count as reached when their group is.
 */
export async function controlsKeyboardMisses(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    // Start from the very top: a focusable marker before everything, focused, then tabbing on.
    const start = document.createElement("span");
    start.tabIndex = -1;
    start.id = "__tab-start";
    document.body.prepend(start);
    start.focus();
    const w = window as unknown as { __reached: Set<Element> };
    w.__reached = new Set();
    document.addEventListener("focusin", (e) => w.__reached.add(e.target as Element), true);
  });
  const total = await page.evaluate(() => document.querySelectorAll("a[href], button, input, select, textarea, [tabindex]").length);
  for (let i = 0; i < Math.min(total * 2 + 10, 400); i++) await page.keyboard.press("Tab");
  return page.evaluate(() => {
    document.getElementById("__tab-start")?.remove();
    const reached = (window as unknown as { __reached: Set<Element> }).__reached;
    const GROUP = "[role=radiogroup], [role=tablist], [role=listbox], [role=menu], [role=menubar], [role=toolbar], [role=grid]";
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 1 && r.height > 1 && style.visibility !== "hidden" && !el.closest("[aria-hidden=true], [inert]");
    };
    const controls = [...document.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=switch], [role=checkbox], [role=tab], [role=radio]")]
      .filter((el) => visible(el) && !(el as HTMLButtonElement).disabled && el.getAttribute("aria-disabled") !== "true");
    const missed = controls.filter((el) => {
      if (reached.has(el) || [...reached].some((r) => el.contains(r))) return false;
      const group = el.closest(GROUP);
      if (group && [...reached].some((r) => group.contains(r))) return false;
      // A native radio is reached through its checked sibling (arrow keys move within the name).
      if (el instanceof HTMLInputElement && el.type === "radio") {
        const peers = document.querySelectorAll(`input[type=radio][name="${CSS.escape(el.name)}"]`);
        if ([...peers].some((p) => reached.has(p))) return false;
      }
      return true;
    });
    const describe = (el: HTMLElement) =>
      `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> "${(el.getAttribute("aria-label") ?? el.innerText ?? "").trim().slice(0, 40)}"`;
    return missed.map(describe);
  });
}
