import { translateServerTextWith } from "@p2p/shared";
import { i18next } from "./i18n";

/**
 * A text the server wrote in English (an error, a notification, a system chat notice) in the
 * reader's language: an exact key first, else the template it was filled from with its word
 * values translated too ("buyer"); unknown text (a person's own words) as it is.
 */
export function translateServerText(text: string): string {
  return translateServerTextWith({ exists: (key) => i18next.exists(key), t: (key, values) => i18next.t(key, values ?? {}) }, text);
}
