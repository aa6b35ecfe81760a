// npm run admin:create -- --email a@b.c --password '…' --username name --phone +234… [--name 'Full Name']
// Makes a confirmed admin, or promotes the existing account with that email. Uses DATABASE_URL
// when set, else the embedded store in DATA_DIR (default ./.data; stop the server first).
import { parseArgs } from "node:util";
import { runIfMain } from "./run-cli.js";
import { openPglite, openPostgres, type Database } from "../db/client.js";
import { AdminInputError, createAdminUser, type AdminResult } from "./create-admin-user.js";

const USAGE = `Usage: npm run admin:create -- --email <email> --password <password> --username <name> --phone <+234…> [--name <full name>]

Creates a confirmed admin account, or promotes the existing account with that email (then only --email is needed).
Database: DATABASE_URL when set, otherwise the embedded store in DATA_DIR (default ./.data; stop the server first).`;

export type Io = { out(line: string): void; err(line: string): void };
const consoleIo: Io = { out: (l) => console.log(l), err: (l) => console.error(l) };

/** Exit codes: 0 done, 1 failed (bad or conflicting values, database trouble), 2 bad usage. */
export async function runCreateAdmin(argv: string[], env: Record<string, string | undefined> = process.env, io: Io = consoleIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        username: { type: "string" },
        phone: { type: "string" },
        name: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (err) {
    io.err(`Error: ${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  if (!values.email) {
    io.err(`Error: --email is required.\n\n${USAGE}`);
    return 2;
  }
  if (env.DATABASE_URL && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
    io.err("Error: DATABASE_URL must be a postgres:// URL.");
    return 2;
  }

  let database: Database | null = null;
  try {
    database = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL, 2) : await openPglite(env.DATA_DIR || "./.data");
    const result = await createAdminUser(database.db, {
      email: values.email,
      password: values.password,
      username: values.username,
      phone: values.phone,
      fullName: values.name,
    });
    io.out(describe(result));
    return 0;
  } catch (err) {
    if (err instanceof AdminInputError) {
      io.err(`Error: ${err.message}`);
      return 1;
    }
    io.err(`Error: could not create the admin: ${(err as Error).message}`);
    return 1;
  } finally {
    await database?.close().catch(() => {});
  }
}

function describe(result: AdminResult): string {
  const who = `${result.email} (${result.username || "no username"}, id ${result.userId})`;
  if (result.outcome === "created") return `Created admin ${who}. They can sign in now.`;
  if (result.outcome === "promoted") return `Promoted ${who} to admin. Their password is unchanged.`;
  return `${who} is already an admin. Nothing changed.`;
}

runIfMain(import.meta.url, (argv) => runCreateAdmin(argv));
