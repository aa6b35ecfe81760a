import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** One language's entries across a scope's catalog folders, with the file each came from. */
export type Entries = Map<string, { value: string; file: string }>;

/** `<dir>/<language>/<area>.json` files of every dir, merged per language. */
export function readCatalogs(dirs: string[], base: string): Map<string, Entries> {
  const languages = new Map<string, Entries>();
  for (const dir of dirs.filter((d) => existsSync(d))) {
    for (const language of readdirSync(dir)) {
      const entries: Entries = languages.get(language) ?? new Map<string, { value: string; file: string }>();
      languages.set(language, entries);
      for (const name of readdirSync(join(dir, language))
        .filter((n) => n.endsWith(".json"))
        .sort()) {
        const file = join(dir, language, name);
        const json = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
        for (const [key, value] of Object.entries(json)) {
          if (typeof value !== "string") throw new Error(`${relative(base, file)}: "${key}" is not a string`);
          // The same English on two screens may be worded for each; as at run time, the later file wins.
          entries.set(key, { value, file: relative(base, file) });
        }
      }
    }
  }
  return languages;
}

/** The {{values}} and <tags> a text interpolates: a translation must keep them all. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}|<\/?(\w+)\s*\/?>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();
}
