import { matchServerText } from "./server-texts.js";

/** What translating needs of the texts (the web's in its language, or the server's per language). */
export type TextTranslator = {
  exists(key: string): boolean;
  t(key: string, values?: Record<string, string>): string;
};

/**
 * Values that are words of ours (a role, a status, a reason the server wrote): translated too.
 * Other values (names, amounts, a person's own words) are shown as they are.
 */
const WORD_VALUES = new Set(["role", "side", "status", "action", "from", "to", "next", "reason"]);
const MAX_DEPTH = 3;

/**
 * A text the server wrote in English in the reader's language: an exact key first, else the
 * template it was filled from with its values (a value may itself be a filled template: a reason
 * the server wrote); unknown text (a person's own words) as it is.
 */
export function translateServerTextWith(i18n: TextTranslator, text: string, depth = 0): string {
  if (i18n.exists(text)) return i18n.t(text);
  const match = depth < MAX_DEPTH ? matchServerText(text) : null;
  if (!match) return translateFieldRefusal(i18n, text, depth);
  const values = Object.fromEntries(Object.entries(match.values).map(([name, value]) => [name, translateValue(i18n, name, value, depth)]));
  return i18n.t(match.template, values);
}

function translateValue(i18n: TextTranslator, name: string, value: string, depth: number): string {
  if (WORD_VALUES.has(name) && i18n.exists(value)) return i18n.t(value);
  return matchServerText(value) ? translateServerTextWith(i18n, value, depth + 1) : value;
}

/** A refused field as the API names it ("username: Username must be…"): the field stays, its message is translated. */
const FIELD_REFUSAL = /^([a-z_][\w.]*): ([\s\S]+)$/;

function translateFieldRefusal(i18n: TextTranslator, text: string, depth: number): string {
  const found = FIELD_REFUSAL.exec(text);
  if (!found || depth > 0) return text;
  const message = translateServerTextWith(i18n, found[2]!, depth + 1);
  return message === found[2] ? text : `${found[1]}: ${message}`;
}
