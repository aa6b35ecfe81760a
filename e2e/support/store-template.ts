import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startProduct } from "./product.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A data folder the product migrated and seeded once, then stopped cleanly (store-template.ts). */
    storeTemplate: string;
  }
}

/**
 * Vitest's global setup for e2e: one product start on a fresh embedded store migrates it and
 * seeds the demo accounts and market, then stops cleanly. Each spec file's product starts on a
 * copy of that folder instead of migrating and seeding its own (a start took 3.5 s instead of
 * 5.4 s, 38 files on 2 cores). What a fresh folder goes through is still tested: apps/server/src/main.test.ts
 * starts the built server on an empty folder, and the template itself is made that way here.
 */
export async function setup(project: TestProject): Promise<() => void> {
  const template = mkdtempSync(join(tmpdir(), "p2p-e2e-template-"));
  const product = await startProduct({ dataDir: template });
  await product.stop();
  project.provide("storeTemplate", template);
  return () => rmSync(template, { recursive: true, force: true });
}
