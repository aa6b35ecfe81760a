import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { auditLog, userRoles, users } from "../db/schema.js";
import { openPglite, openPostgres } from "../db/client.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestClient } from "../../test/client.js";
import { signUpConfirmed } from "../../test/accounts.js";
import { AdminInputError, createAdminUser } from "./create-admin-user.js";
import { runCreateAdmin, type Io } from "./create-admin.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const ADMIN = { email: "Root.Admin@Example.test", password: "Seven long words make a passphrase", username: "root_admin", phone: "+2348000000000" };
const roleOf = async (userId: string) => (await server.ctx.db.select().from(userRoles).where(eq(userRoles.userId, userId)))[0]?.role;
const auditsFor = (userId: string) => server.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, userId));

describe("createAdminUser", () => {
  it("creates a confirmed admin who can sign in, with an audit row", async () => {
    const result = await createAdminUser(server.ctx.db, ADMIN);
    expect(result).toMatchObject({ outcome: "created", email: "root.admin@example.test", username: "root_admin" });
    expect(await roleOf(result.userId)).toBe("admin");
    const [user] = await server.ctx.db.select().from(users).where(eq(users.id, result.userId));
    expect(user!.emailConfirmedAt).toBeInstanceOf(Date);
    expect(user!.fullName).toBe("Administrator");
    expect(await auditsFor(result.userId)).toEqual([
      expect.objectContaining({ action: "admin.created", actorId: null, targetType: "user", data: { via: "cli", email: "root.admin@example.test" } }),
    ]);
    const res = await new TestClient(server.url).post("/api/auth/sign-in", { email: ADMIN.email, password: ADMIN.password });
    expect((await res.json()).user.role).toBe("admin");
  });

  it("is a no-op for an existing admin", async () => {
    const again = await createAdminUser(server.ctx.db, { email: ADMIN.email });
    expect(again.outcome).toBe("already_admin");
    expect(await auditsFor(again.userId)).toHaveLength(1);
  });

  it("promotes an existing user by email alone, keeping their password, with an audit row", async () => {
    const { userId, input } = await signUpConfirmed(server);
    const result = await createAdminUser(server.ctx.db, { email: input.email });
    expect(result).toMatchObject({ outcome: "promoted", userId, username: input.username });
    expect(await roleOf(userId)).toBe("admin");
    const [audit] = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, "admin.promoted")));
    expect(audit!.data).toMatchObject({ via: "cli", previous_role: "user" });
    expect((await new TestClient(server.url).post("/api/auth/sign-in", { email: input.email, password: input.password })).status).toBe(200);
  });

  it.each([
    ["no email", { ...ADMIN, email: undefined }, /--email is required/],
    ["a malformed email", { ...ADMIN, email: "admin" }, /--email: Enter a valid email address/],
    ["no password for a new account", { ...ADMIN, email: "new1@example.test", password: undefined }, /--password is required/],
    ["a short password", { ...ADMIN, email: "new2@example.test", password: "short" }, /at least 8 characters/],
    ["a common password", { ...ADMIN, email: "new3@example.test", password: "password123" }, /too common/],
    ["a short username", { ...ADMIN, email: "new4@example.test", username: "abc" }, /more than 4 characters/],
    ["a malformed phone", { ...ADMIN, email: "new5@example.test", phone: "phone" }, /valid phone number/],
    ["a taken username", { ...ADMIN, email: "new6@example.test", phone: "+2348000000009" }, /username is already taken/],
    ["a taken phone", { ...ADMIN, email: "new7@example.test", username: "other_admin" }, /phone number is already registered/],
  ])("refuses %s with a clear message, writing nothing", async (_name, input, message) => {
    const before = (await server.ctx.db.select().from(users)).length;
    await expect(createAdminUser(server.ctx.db, input)).rejects.toThrow(AdminInputError);
    await expect(createAdminUser(server.ctx.db, input)).rejects.toThrow(message);
    expect(await server.ctx.db.select().from(users)).toHaveLength(before);
  });
});

describe("runCreateAdmin (argument handling)", () => {
  const capture = () => {
    const out: string[] = [];
    const err: string[] = [];
    const io: Io = { out: (l) => out.push(l), err: (l) => err.push(l) };
    return { io, out, err };
  };

  it.each([
    ["an unknown option", ["--emial", "a@b.c"], /Unknown option '--emial'/],
    ["a missing --email", ["--password", "x"], /--email is required/],
    ["a positional argument", ["admin@example.test"], /Unexpected argument|positional/i],
  ])("exits 2 with usage on %s", async (_name, argv, message) => {
    const { io, out, err } = capture();
    expect(await runCreateAdmin(argv, {}, io)).toBe(2);
    expect(out).toEqual([]);
    expect(err.join("\n")).toMatch(message);
    expect(err.join("\n")).toMatch(/Usage: npm run admin:create/);
  });

  it("prints usage and exits 0 with --help", async () => {
    const { io, out } = capture();
    expect(await runCreateAdmin(["--help"], {}, io)).toBe(0);
    expect(out.join("\n")).toMatch(/Usage/);
  });

  it("refuses a DATABASE_URL that is not postgres://", async () => {
    const { io, err } = capture();
    expect(await runCreateAdmin(["--email", "a@example.test"], { DATABASE_URL: "mysql://x" }, io)).toBe(2);
    expect(err.join("\n")).toMatch(/DATABASE_URL must be a postgres:\/\/ URL/);
  });
});

describe("npm run admin:create (as a process)", () => {
  const root = fileURLToPath(new URL("../../../../", import.meta.url));
  const script = join(root, "apps/server/dist/cli/create-admin.js");
  let store: { env: Record<string, string>; open: () => ReturnType<typeof openPglite>; cleanup: () => Promise<void> };

  beforeAll(async () => {
    const pgUrl = process.env.DATABASE_URL;
    if (pgUrl) {
      const name = `p2p_cli_${process.pid}_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      store = {
        env: { DATABASE_URL: url.toString(), DATA_DIR: "" },
        open: () => openPostgres(url.toString(), 2),
        async cleanup() {
          const c = new pg.Client({ connectionString: pgUrl });
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          await c.end();
        },
      };
    } else {
      const dir = mkdtempSync(join(tmpdir(), "p2p-cli-"));
      store = {
        env: { DATA_DIR: dir, DATABASE_URL: "" },
        open: () => openPglite(dir),
        cleanup: async () => rmSync(dir, { recursive: true, force: true }),
      };
    }
  });
  afterAll(() => store.cleanup());

  const run = (args: string[]) =>
    spawnSync(process.execPath, [script, ...args], {
      cwd: root,
      env: { ...process.env, ...store.env },
      encoding: "utf8",
      timeout: 120_000,
    });

  // Creating and migrating a new embedded store from scratch takes 20–40 s on two busy cores.
  it("creates the admin in the configured store and prints what it did", { timeout: 150_000 }, async () => {
    const result = run([
      "--email",
      "ops@example.test",
      "--password",
      "Ops passphrase for 2026",
      "--username",
      "ops_admin",
      "--phone",
      "+2348011110000",
      "--name",
      "Ops Team",
    ]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Created admin ops@example.test \(ops_admin, id [0-9a-f-]{36}\)/);

    const database = await store.open();
    try {
      const [row] = await database.db
        .select({ role: userRoles.role, name: users.fullName })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(eq(users.email, "ops@example.test"));
      expect(row).toEqual({ role: "admin", name: "Ops Team" });
    } finally {
      await database.close();
    }
  });

  it("exits non-zero with a clear message on bad input", () => {
    const result = run(["--email", "ops2@example.test", "--password", "short", "--username", "ops_two", "--phone", "+2348011110001"]);
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe("Error: --password: Password must be at least 8 characters long");
    expect(result.stdout).toBe("");
  });
});
