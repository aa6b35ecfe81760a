import { DEFAULT_LANGUAGE, languageInfo, Texts, type Language, type TFunction } from "@p2p/shared";
import { merge, type Catalog } from "./bundles/merge";

/**
 * The app's texts (the shared package's Texts: keys are the English text itself, gettext style,
 * so English needs no catalog except plural forms, and the spec's strings stay word for word in
 * the code). Other languages load lazily, one chunk per language, when chosen.
 */
const texts = new Texts();
texts.add(
  DEFAULT_LANGUAGE,
  merge(import.meta.glob<Catalog>(["../locales/en/*.json", "../../../../packages/shared/locales/en/*.json"], { eager: true, import: "default" })),
);

let language: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();
/** One `t` per language, so a screen's `t` changes exactly when the language does. */
const tOf = new Map<Language, TFunction>();
const t: TFunction = (key, values) => texts.t(language, key, values);

export const i18n = {
  /** The language the app is in. */
  get language(): Language {
    return language;
  },
  /** A key (the English text) in the app's language, with its {{values}}. */
  t,
  /** `t` fixed to `language` (useTranslation's, for a screen in that language). */
  fixedT: (of: Language): TFunction => {
    let fixed = tOf.get(of);
    if (!fixed) tOf.set(of, (fixed = (key, values) => texts.t(of, key, values)));
    return fixed;
  },
  exists: (key: string): boolean => texts.exists(language, key),
  dir: () => languageInfo(language).dir,
  /** Puts the app in `next` (its catalogs loaded first: loadCatalogs) and tells every screen. */
  changeLanguage: (next: Language): void => {
    if (next === language) return;
    language = next;
    for (const listener of listeners) listener();
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Each language's catalogs as one module and one chunk (i18n/bundles/<language>.ts), loaded on demand. */
const bundles = import.meta.glob<Catalog>(["./bundles/*.ts", "!./bundles/merge.ts"], { import: "default" });

/**
 * Loads a language's catalogs once, and with them the matcher that translates the server's
 * English texts (./server-text.ts); English is already there and needs neither.
 */
export async function loadCatalogs(of: Language): Promise<void> {
  if (texts.has(of)) return;
  const load = bundles[`./bundles/${of}.ts`];
  if (!load) throw new Error(`no catalogs for ${of}`);
  const [catalog] = await Promise.all([load(), import("./server-text").then((m) => m.loadServerTexts())]);
  texts.add(of, catalog);
}
