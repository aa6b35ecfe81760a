import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The server package's folder (apps/server), found the same way whether this code runs from its
 * sources (src/, under tsx or Vitest) or from the build (dist/main.js, one bundle): the nearest
 * folder above that holds the migrations.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "drizzle", "meta", "_journal.json"))) return dir;
    if (dirname(dir) === dir) throw new Error(`No apps/server folder (with drizzle/) above ${from}`);
  }
}

export const serverRoot = findServerRoot(dirname(fileURLToPath(import.meta.url)));
export const repoRoot = join(serverRoot, "../..");
