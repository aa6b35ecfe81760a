import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, type Language } from "@p2p/shared";

/**
 * The app's i18next. Keys are the English text itself (gettext style), so English needs no
 * catalog except plural forms, and the spec's strings stay word for word in the code. Other
 * languages load lazily, one chunk per language file, when chosen.
 */
void i18next.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  keySeparator: false,
  nsSeparator: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  resources: { en: { translation: catalog(import.meta.glob<Catalog>(["../locales/en/*.json", "../../../../packages/shared/locales/en/*.json"], { eager: true, import: "default" })) } },
});

type Catalog = Record<string, string>;

/** Every catalog file of every language, loaded on demand. */
const lazyCatalogs = import.meta.glob<Catalog>(["../locales/*/*.json", "../../../../packages/shared/locales/*/*.json", "!**/en/*.json"], { import: "default" });

function catalog(files: Record<string, Catalog>): Catalog {
  return Object.assign({}, ...Object.values(files));
}

/** Loads a language's catalogs into i18next once; English is already there. */
export async function loadCatalogs(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, "translation")) return;
  const loaders = Object.entries(lazyCatalogs).filter(([path]) => path.includes(`/locales/${language}/`));
  const files = await Promise.all(loaders.map(([, load]) => load()));
  i18next.addResourceBundle(language, "translation", Object.assign({}, ...files), true, true);
}

export { i18next };
