import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { I18NEXT_OPTIONS, type Language } from "@p2p/shared";
import { merge, type Catalog } from "./bundles/merge";

/**
 * The app's i18next. Keys are the English text itself (gettext style), so English needs no
 * catalog except plural forms, and the spec's strings stay word for word in the code. Other
 * languages load lazily, one chunk per language, when chosen.
 */
void i18next.use(initReactI18next).init({
  ...I18NEXT_OPTIONS,
  react: { useSuspense: false },
  resources: {
    en: {
      translation: merge(
        import.meta.glob<Catalog>(["../locales/en/*.json", "../../../../packages/shared/locales/en/*.json"], { eager: true, import: "default" }),
      ),
    },
  },
});

/** Each language's catalogs as one module and one chunk (i18n/bundles/<language>.ts), loaded on demand. */
const bundles = import.meta.glob<Catalog>(["./bundles/*.ts", "!./bundles/merge.ts"], { import: "default" });

/**
 * Loads a language's catalogs into i18next once, and with them the matcher that translates the
 * server's English texts (./server-text.ts); English is already there and needs neither.
 */
export async function loadCatalogs(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, "translation")) return;
  const load = bundles[`./bundles/${language}.ts`];
  if (!load) throw new Error(`no catalogs for ${language}`);
  const [catalog] = await Promise.all([load(), import("./server-text").then((m) => m.loadServerTexts())]);
  i18next.addResourceBundle(language, "translation", catalog, true, true);
}

export { i18next };
