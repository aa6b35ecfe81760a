import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_CODES, Texts, translateServerTextWith, type Catalog, type Language } from "@p2p/shared";
import { repoRoot, serverRoot } from "../paths.js";

/**
 * The server's texts (the shared Texts, as in the app): keys are the English text, so English
 * needs no catalog but its plural one-forms. It reads the shared catalogs (texts the app shows
 * too) and the server's own (e-mails, the Telegram bot's replies) once, at start.
 */
const CATALOG_DIRS = [join(repoRoot, "packages/shared/locales"), join(serverRoot, "src/locales")];

function readCatalogs(): Texts {
  const texts = new Texts();
  for (const language of LANGUAGE_CODES) {
    const translation: Catalog = {};
    for (const dir of CATALOG_DIRS.map((d) => `${d}/${language}`).filter((d) => existsSync(d))) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
        Object.assign(translation, JSON.parse(readFileSync(`${dir}/${file}`, "utf8")) as Catalog);
      }
    }
    texts.add(language, translation);
  }
  return texts;
}

const texts = readCatalogs();

export type Translator = {
  language: Language;
  /** A key of ours (the English text) in this language, with its {{values}}. */
  t(key: string, values?: Record<string, string | number>): string;
  /** A text the server wrote in English (a notification, a notice) in this language. */
  serverText(text: string): string;
};

/** Texts in one person's language; an unknown code (an old row, a typo) reads as English. */
export function translatorFor(language: string | null | undefined): Translator {
  const lng = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const t = (key: string, values?: Record<string, string | number>) => texts.t(lng, key, values);
  const exists = (key: string) => texts.exists(lng, key);
  return { language: lng, t, serverText: (text) => translateServerTextWith({ exists, t }, text) };
}
