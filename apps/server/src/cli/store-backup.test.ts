import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { openPglite } from "../db/client.js";
import { users } from "../db/schema.js";
import { createSignedInUser } from "../../test/fixtures.js";
import { runStoreBackup } from "./store-backup.js";

const root = mkdtempSync(join(tmpdir(), "p2p-backup-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function capture() {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, io: { out: (l: string) => void lines.out.push(l), err: (l: string) => void lines.err.push(l) } };
}

describe("npm run backup / npm run restore", () => {
  // The embedded database starts four times here (create, refuse, back up, restore and read): about
  // 9 s alone, and past the default 30 s beside two other test files on a slow 2-core host (CI).
  it("backs up a stopped embedded store and restores it into a new folder, accounts and all", { timeout: 120_000 }, async () => {
    const source = join(root, "source");
    const database = await openPglite(source);
    const people = [await createSignedInUser(database.db, "x".repeat(32)), await createSignedInUser(database.db, "x".repeat(32))];

    // While a process has the store open, a backup is refused and writes nothing.
    const busy = capture();
    const file = join(root, "b", "store.tar.gz");
    expect(await runStoreBackup(["backup", "--out", file], { DATA_DIR: source }, busy.io)).toBe(2);
    expect(busy.lines.err.join("\n")).toMatch(/is in use by another process/);
    expect(existsSync(file)).toBe(false);
    await database.close();

    const made = capture();
    expect(await runStoreBackup(["backup", "--out", file], { DATA_DIR: source }, made.io)).toBe(0);
    expect(made.lines.out.join("\n")).toMatch(/\(2 accounts\)/);

    const target = join(root, "restored");
    const restored = capture();
    expect(await runStoreBackup(["restore", file], { DATA_DIR: target }, restored.io)).toBe(0);
    const back = await openPglite(target);
    try {
      expect((await back.db.select({ n: count() }).from(users))[0]!.n).toBe(2);
      expect((await back.db.select({ id: users.id }).from(users)).map((u) => u.id).sort()).toEqual(people.map((p) => p.id).sort());
    } finally {
      await back.close();
    }

    // Never over a store that is there.
    const again = capture();
    expect(await runStoreBackup(["restore", file], { DATA_DIR: target }, again.io)).toBe(2);
    expect(again.lines.err.join("\n")).toMatch(/already holds a store/);
  });

  it("points PostgreSQL to its own tools and explains bad usage", async () => {
    const pg = capture();
    expect(await runStoreBackup(["backup"], { DATABASE_URL: "postgres://x@localhost/y" }, pg.io)).toBe(2);
    expect(pg.lines.err.join("\n")).toMatch(/pg_dump/);
    const bad = capture();
    expect(await runStoreBackup(["restore"], { DATA_DIR: join(root, "none") }, bad.io)).toBe(2);
    expect(bad.lines.err.join("\n")).toMatch(/Usage: npm run backup/);
  });
});
