import * as texts from "../texts/index.js";

export { fillTemplate } from "./fill-template.js";

/**
 * Texts the server writes for people (notification titles and messages, system chat notices,
 * error messages) are English keys, some with {{values}} (packages/shared/src/texts). The server
 * fills them in English, which is what it stores; each reader's app (and the Telegram, push and
 * e-mail senders) matches the English back to its template and shows the translation with the
 * same values (`translateServerText`).
 */
export const SERVER_TEXT_TEMPLATES: readonly string[] = [...new Set(allStrings(Object.values(texts)).filter((s) => s.includes("{{")))];

function allStrings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(allStrings);
  return [];
}

const compiled = SERVER_TEXT_TEMPLATES.map((template) => {
  const names: string[] = [];
  const pattern = template
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(name);
      return "([\\s\\S]*?)";
    })
    .join("");
  return { template, names, literal: template.replace(/\{\{\w+\}\}/g, "").length, regex: new RegExp(`^${pattern}$`) };
});

type Match = { template: string; values: string[]; literal: number };

/**
 * Of two templates that both fill to a text, the one whose values are shortest from the left:
 * "The seller opened an appeal. Reason: The buyer's account was suspended…" is the appeal notice
 * with a reason (role "seller"), not the suspension text with a very long role.
 */
function better(a: Match, b: Match): boolean {
  for (let i = 0; i < Math.min(a.values.length, b.values.length); i++) {
    if (a.values[i]!.length !== b.values[i]!.length) return a.values[i]!.length < b.values[i]!.length;
  }
  return a.literal > b.literal;
}

/** The template a server text was filled from, with its values; null for free text. */
export function matchServerText(text: string): { template: string; values: Record<string, string> } | null {
  let best: (Match & { names: string[] }) | null = null;
  for (const { template, names, literal, regex } of compiled) {
    const found = regex.exec(text);
    if (!found) continue;
    const candidate = { template, names, literal, values: found.slice(1) };
    if (!best || better(candidate, best)) best = candidate;
  }
  return best && { template: best.template, values: Object.fromEntries(best.names.map((n, i) => [n, best.values[i]!])) };
}
