import { randomBytes } from "node:crypto";
import pg from "pg";

/** The PostgreSQL server the benchmarks create their databases on. */
export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://root@127.0.0.1:5432/postgres";

/** Runs `fn` against a fresh database made for one benchmark run, dropped again afterwards. */
export async function withPostgresDatabase<T>(label: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `p2p_bench_${label}_${process.pid}_${randomBytes(3).toString("hex")}`;
  const target = new URL(POSTGRES_URL);
  target.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  try {
    return await fn(target.toString());
  } finally {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
}
