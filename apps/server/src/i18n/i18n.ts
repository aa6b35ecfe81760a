import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import i18next from "i18next";
import { DEFAULT_LANGUAGE, I18NEXT_OPTIONS, isLanguage, LANGUAGE_CODES, translateServerTextWith, type Language } from "@p2p/shared";
import { repoRoot, serverRoot } from "../paths.js";

/**
 * The server's i18next: keys are the English text (as in the app), so English needs no catalog
 * but its plural one-forms. It reads the shared catalogs (texts the app shows too) and the
 * server's own (e-mails, the Telegram bot's replies) once, at start.
 */
const CATALOG_DIRS = [join(repoRoot, "packages/shared/locales"), join(serverRoot, "src/locales")];

type Catalog = Record<string, string>;

function readCatalogs(): Record<string, { translation: Catalog }> {
  const resources: Record<string, { translation: Catalog }> = {};
  for (const language of LANGUAGE_CODES) {
    const translation: Catalog = {};
    for (const dir of CATALOG_DIRS.map((d) => `${d}/${language}`).filter((d) => existsSync(d))) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
        Object.assign(translation, JSON.parse(readFileSync(`${dir}/${file}`, "utf8")) as Catalog);
      }
    }
    resources[language] = { translation };
  }
  return resources;
}

const instance = i18next.createInstance();
void instance.init({
  ...I18NEXT_OPTIONS,
  resources: readCatalogs(),
  initAsync: false,
});

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
  const fixed = instance.getFixedT(lng);
  const t = (key: string, values: Record<string, string | number> = {}) => fixed(key, values);
  const exists = (key: string) => instance.exists(key, { lng });
  return { language: lng, t, serverText: (text) => translateServerTextWith({ exists, t }, text) };
}
