/**
 * The twelve languages of the product (the landing page promises them). `code` is what the
 * profile stores and the catalogs are named by; `locale` is what Intl formats numbers and dates
 * with; `name` is the language's own name, so a reader finds theirs in any language.
 */
export const LANGUAGES = [
  { code: "en", locale: "en-NG", name: "English", dir: "ltr" },
  { code: "pcm", locale: "pcm-NG", name: "Naijá (Pidgin)", dir: "ltr" },
  { code: "ha", locale: "ha-NG", name: "Hausa", dir: "ltr" },
  { code: "yo", locale: "yo-NG", name: "Yorùbá", dir: "ltr" },
  { code: "ig", locale: "ig-NG", name: "Igbo", dir: "ltr" },
  { code: "fr", locale: "fr-FR", name: "Français", dir: "ltr" },
  { code: "ar", locale: "ar", name: "العربية", dir: "rtl" },
  { code: "pt", locale: "pt-BR", name: "Português", dir: "ltr" },
  { code: "es", locale: "es-ES", name: "Español", dir: "ltr" },
  { code: "sw", locale: "sw-KE", name: "Kiswahili", dir: "ltr" },
  { code: "zh", locale: "zh-CN", name: "简体中文", dir: "ltr" },
  { code: "hi", locale: "hi-IN", name: "हिन्दी", dir: "ltr" },
] as const;

export type Language = (typeof LANGUAGES)[number]["code"];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [Language, ...Language[]];
export const DEFAULT_LANGUAGE: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGE_CODES as string[]).includes(value);
}

export function languageInfo(code: Language) {
  return LANGUAGES.find((l) => l.code === code)!;
}

/**
 * The best of our languages for a list of BCP 47 tags in preference order ("yo-NG", "fr"…):
 * an exact match first, then the primary subtag; English when none matches.
 */
export function pickLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const lower = tag.toLowerCase();
    if (isLanguage(lower)) return lower;
    const primary = lower.split("-")[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** Marks English text that is shown through `t()` later (tables of labels, messages): the catalog test collects it. */
export const msg = /* @__NO_SIDE_EFFECTS__ */ <T extends string>(text: T): T => text;
