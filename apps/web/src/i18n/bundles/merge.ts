export type Catalog = Record<string, string>;

/** A language's catalog files as one; where two files have the same key, the later one wins. */
export function merge(files: Record<string, Catalog>): Catalog {
  return Object.assign({}, ...Object.values(files)) as Catalog;
}
