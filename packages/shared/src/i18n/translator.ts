import { DEFAULT_LANGUAGE, type Language } from "./languages.js";

/** One language's texts: the key is the English text itself; plural forms add `_one`, `_other`… */
export type Catalog = Record<string, string>;

/** What a text's {{names}} are filled with; a number `count` also picks the plural form. */
export type TextValues = Readonly<Record<string, string | number | null | undefined>>;

/** A key of ours (the English text) in a language, with its {{values}} filled in. */
export type TFunction = (key: string, values?: TextValues) => string;

/**
 * The texts of every language loaded so far, and `t` over them. Keys are the English text
 * (gettext style), so English needs a catalog only for plural forms. A key is looked up in the
 * language, then in English, else the key itself is the text; an empty translation counts as
 * missing. With a number `count`, the plural form Intl's rules pick for the language comes first
 * (`key_zero` before it when `count` is 0), then the bare key, then `key_other`. Each {{name}} is
 * replaced by its value as it is (React and the e-mail templates escape what they show); a name
 * the values do not have stays as written, and a value is never read again for {{names}}.
 */
export class Texts {
  private readonly catalogs = new Map<Language, Catalog>();
  private readonly pluralRules = new Map<Language, Intl.PluralRules>();

  add(language: Language, catalog: Catalog): void {
    this.catalogs.set(language, { ...this.catalogs.get(language), ...catalog });
  }

  has(language: Language): boolean {
    return this.catalogs.has(language);
  }

  /** Whether `key` has a text in `language` or in English (a key without one reads as itself). */
  exists(language: Language, key: string): boolean {
    return this.lookup(language, key, undefined) !== undefined;
  }

  t(language: Language, key: string, values?: TextValues): string {
    const count = typeof values?.count === "number" ? values.count : undefined;
    const text = this.lookup(language, key, count) ?? key;
    return values ? fill(text, values) : text;
  }

  private lookup(language: Language, key: string, count: number | undefined): string | undefined {
    for (const code of language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE]) {
      const catalog = this.catalogs.get(code);
      if (!catalog) continue;
      for (const candidate of this.candidates(code, key, count)) {
        // Own keys only: a key such as "constructor" is not Object's.
        const text = Object.hasOwn(catalog, candidate) ? catalog[candidate] : undefined;
        if (text) return text;
      }
    }
    return undefined;
  }

  private candidates(language: Language, key: string, count: number | undefined): string[] {
    if (count === undefined) return [key];
    const form = `${key}_${this.pluralRulesOf(language).select(count)}`;
    return [...(count === 0 ? [`${key}_zero`] : []), form, key, `${key}_other`];
  }

  private pluralRulesOf(language: Language): Intl.PluralRules {
    let rules = this.pluralRules.get(language);
    if (!rules) this.pluralRules.set(language, (rules = new Intl.PluralRules(language)));
    return rules;
  }
}

const NAME = /\{\{(.+?)\}\}/g;

/** `text` with each {{name}} it has a value for replaced by that value (null or undefined: nothing). */
function fill(text: string, values: TextValues): string {
  if (!text.includes("{{")) return text;
  return text.replace(NAME, (written, inner: string) => {
    const name = inner.trim();
    if (!Object.hasOwn(values, name)) return written;
    const value = values[name];
    return value === null || value === undefined ? "" : String(value);
  });
}
