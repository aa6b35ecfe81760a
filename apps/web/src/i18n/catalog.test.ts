import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@p2p/shared";
import { placeholders, readCatalogs } from "./catalog/read-catalogs";
import { scanSources, type KeyUse } from "./catalog/scan-sources";

/**
 * The catalogs are complete: English text is the key, so "a key English has" is every key the
 * code passes to t()/msg()/<Trans>, and every other language must translate each one, keeping its
 * {{values}} and <tags>. The web's visible strings must all be keys. I18N_ONLY=<path part> narrows
 * the report to some files while a screen is being translated.
 */
const root = fileURLToPath(new URL("../../../../", import.meta.url));
const at = (...parts: string[]) => join(root, ...parts);
const only = process.env.I18N_ONLY;
const shown = (where: string) => !only || only.split(",").some((part) => where.includes(part));

const shared = { sources: [at("packages/shared/src")], catalogs: [at("packages/shared/locales")] };
const SCOPES = [
  { name: "web", sources: [at("apps/web/src")], catalogs: [at("apps/web/src/locales"), ...shared.catalogs], strict: true },
  { name: "server", sources: [at("apps/server/src")], catalogs: [at("apps/server/src/locales"), ...shared.catalogs], strict: false },
  { name: "shared", ...shared, strict: false },
];
const OTHERS = LANGUAGES.filter((l) => l.code !== "en").map((l) => l.code);
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** HTML's void elements: <Trans> parses <link>text</link> as an empty link followed by the text. */
const VOID_TAGS = /<(area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)>[^<]/;

describe.each(SCOPES)("$name translations", (scope) => {
  const scan = scanSources(scope.sources, root);
  const catalogs = readCatalogs(scope.catalogs, root);
  const uses = new Map<string, KeyUse>();
  for (const use of scan.keys) if (!uses.has(use.key) || use.plural) uses.set(use.key, use);
  // Keys of the shared package are in use wherever the shared package is.
  const sharedKeys = scope.name === "shared" ? [] : scanSources(shared.sources, root).keys.map((k) => k.key);
  const known = new Set([...uses.keys(), ...sharedKeys]);

  it.runIf(scope.strict)("shows no English a person reads without a translation key", () => {
    expect(scan.violations.filter(shown)).toEqual([]);
  });

  it("wraps no text in a tag <Trans> would render empty (an HTML void element such as <link>)", () => {
    expect([...uses.values()].filter((use) => VOID_TAGS.test(use.key)).map((use) => `${use.where} ${use.key}`)).toEqual([]);
  });

  it.each(OTHERS)("%s translates every key English has", (language) => {
    const entries = catalogs.get(language) ?? new Map();
    const missing = [...uses.values()]
      .filter((use) => shown(use.where))
      .filter((use) => !entries.has(use.plural ? `${use.key}_other` : use.key))
      .map((use) => `${use.where} ${JSON.stringify(use.key)}`);
    expect(missing).toEqual([]);
  });

  it("English has the one-form of every plural key", () => {
    const en = catalogs.get("en") ?? new Map();
    const missing = [...uses.values()].filter((u) => u.plural && shown(u.where) && !en.has(`${u.key}_one`)).map((u) => `${u.where} ${u.key}`);
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES.map((l) => l.code))("%s keeps every {{value}} and holds no key the code does not use", (language) => {
    const problems: string[] = [];
    for (const [key, { value, file }] of catalogs.get(language) ?? []) {
      const base = key.replace(PLURAL_SUFFIX, "");
      if (!known.has(base) && !known.has(key)) {
        if (scope.name !== "shared" && file.startsWith("packages/shared")) continue; // judged in the shared scope
        problems.push(`${file} unused key ${JSON.stringify(key)}`);
        continue;
      }
      const expected = placeholders(base).filter((p) => !(base !== key && p === "count"));
      const actual = placeholders(value);
      if (expected.some((p) => !actual.includes(p)) || actual.some((p) => !placeholders(base).includes(p))) {
        problems.push(
          `${file} ${JSON.stringify(key)} → ${JSON.stringify(value)}: placeholders ${actual.join(",")} ≠ ${placeholders(base).join(",")}`,
        );
      }
    }
    expect(problems.filter(shown)).toEqual([]);
  });
});
