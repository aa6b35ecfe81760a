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
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            options: unknown,
          ) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, impact: v.impact!, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
  });
}

/**
 * The visible controls the Tab key can never reach: taken out of the tab order (tabindex -1) or
 * not focusable at all (a clickable role on a plain element). Members of a roving-focus group
 * (radio groups, tab lists, menus) count as reachable when one member of their group is, since
 * arrow keys move within the group. Read from the live page rather than by pressing Tab, so a list
 * that refreshes while it is read cannot make it flaky.
 */
export async function controlsKeyboardMisses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const GROUP = "[role=radiogroup], [role=tablist], [role=listbox], [role=menu], [role=menubar], [role=toolbar], [role=grid]";
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 1 && r.height > 1 && style.visibility !== "hidden" && !el.closest("[aria-hidden=true], [inert]");
    };
    const tabbable = (el: HTMLElement) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled;
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        "a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=switch], [role=checkbox], [role=tab], [role=radio]",
      ),
    ].filter((el) => visible(el) && !(el as HTMLButtonElement).disabled && el.getAttribute("aria-disabled") !== "true");
    const missed = controls.filter((el) => {
      if (tabbable(el)) return false;
      const group = el.closest(GROUP);
      // The group itself may hold the tab stop and hand focus to its current member (Radix tabs).
      if (group && [group as HTMLElement, ...group.querySelectorAll<HTMLElement>("*")].some((member) => tabbable(member))) return false;
      if (el instanceof HTMLInputElement && el.type === "radio") {
        const peers = document.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${CSS.escape(el.name)}"]`);
        if ([...peers].some((p) => tabbable(p))) return false;
      }
      return true;
    });
    const describe = (el: HTMLElement) =>
      `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> "${(el.getAttribute("aria-label") ?? el.innerText ?? "").trim().slice(0, 40)}"`;
    return missed.map(describe);
  });
}
