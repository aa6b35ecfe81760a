import type { translateServerTextWith } from "@p2p/shared";
import { i18n } from "./i18n";

/** The template matcher and its table of every server text: loaded with the first language other than English. */
let translateWith: typeof translateServerTextWith | undefined;

/** Loads the matcher once; `loadCatalogs` waits for it before the app switches to another language. */
export async function loadServerTexts(): Promise<void> {
  translateWith ??= (await import("./server-text-matcher")).translateServerTextWith;
}

/**
 * A text the server wrote in English (an error, a notification, a system chat notice) in the
 * reader's language: an exact key first, else the template it was filled from with its word
 * values translated too ("buyer"); unknown text (a person's own words) as it is. In English the
 * server's text is already the text (English keys are the English words; the catalog only adds
 * plural forms, which the server's templates do not use), so English needs no matcher, and the
 * table of every server text (5 KB) is not part of a first load.
 */
export function translateServerText(text: string): string {
  if (!translateWith) return text;
  return translateWith(i18n, text);
}
