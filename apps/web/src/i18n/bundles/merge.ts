import type { Catalog } from "@p2p/shared";

export type { Catalog };

/** A language's catalog files as one; where two files have the same key, the later one wins. */
export function merge(files: Record<string, Catalog>): Catalog {
  return Object.assign({}, ...Object.values(files)) as Catalog;
}
