import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = fileURLToPath(new URL("..", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("toasts", () => {
  it("are imported from @/ui/toast, whose loading mounts the Toaster: a toast from sonner itself could show nowhere", () => {
    const direct = sourceFiles(src)
      .filter((file) => !relative(src, file).startsWith("ui/"))
      .filter((file) => /from ["']sonner["']/.test(readFileSync(file, "utf8")))
      .map((file) => relative(src, file));
    expect(direct).toEqual([]);
  });
});
