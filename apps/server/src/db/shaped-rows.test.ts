import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { shapedQuery } from "./shaped-rows.js";

const url = process.env.DATABASE_URL;

/** Every kind of column a trade's statements return, with nulls, and a name repeated (the later one wins). */
const WIDE = `select o.id, o.at, o.amount, o.flag, o.n, o.big, o.label, o.doc, o.list, o.at as again, o.gone, 'late' as label
  from (values
    ('6f1c1b9e-0000-4000-8000-000000000001'::uuid, timestamptz '2026-11-29 01:00:00.123456+00', 12.50000000::numeric, true, 7,
     9007199254740993::bigint, 'first', '{"a":[1,"b"]}'::jsonb, array[1,2]::int[], null::timestamptz),
    (null, null, null, null, null, null, null, null, null, null)
  ) as o(id, at, amount, flag, n, big, label, doc, list, gone)
  where o.n is distinct from $1::int`;

/**
 * A prepared statement's rows are built by a function compiled once for its columns
 * (shaped-rows.ts). They must be exactly the rows node-postgres builds: the same keys in the same
 * order, the same values through the same parsers.
 */
describe.skipIf(!url)("rows of a prepared statement built by its compiled shape", () => {
  const client = new pg.Client({ connectionString: url });
  beforeAll(() => client.connect());
  afterAll(() => client.end());

  const shaped = (name: string, text: string, values: unknown[]) => {
    const { query, answer } = shapedQuery({ name, text, values });
    void client.query(query as never);
    return answer;
  };

  it("are node-postgres' own rows, key for key and value for value, call after call", async () => {
    const expected = await client.query({ name: "plain_wide", text: WIDE, values: [0] });
    for (let call = 0; call < 3; call++) {
      const result = await shaped("shaped_wide", WIDE, [0]);
      expect(result.rows).toEqual(expected.rows);
      expect(result.rows.map((r) => Object.keys(r))).toEqual(expected.rows.map((r) => Object.keys(r)));
      expect(result.fields.map((f) => f.name)).toEqual(expected.fields.map((f) => f.name));
      expect(result.rowCount).toBe(2);
    }
    const [row] = (await shaped("shaped_wide", WIDE, [0])).rows;
    expect(row.at).toBeInstanceOf(Date);
    expect(row.label).toBe("late");
    expect(row.big).toBe("9007199254740993");
  });

  it("answer a statement that changes rows with its count and no rows", async () => {
    const result = await shaped("shaped_count", "select 1 where false", []);
    expect(result.rows).toEqual([]);
    const done = await shaped("shaped_set", "set local statement_timeout = 0", []);
    expect(done.command).toBe("SET");
  });

  it("reject with PostgreSQL's error, and the connection goes on", async () => {
    await expect(shaped("shaped_bad", "select 1 / $1::int as q", [0])).rejects.toMatchObject({ code: "22012" });
    expect((await shaped("shaped_bad", "select 1 / $1::int as q", [1])).rows).toEqual([{ q: 1 }]);
  });

  it("reject a value that cannot be written, and the statement still runs on that connection", async () => {
    const unwritable = {
      toPostgres() {
        throw new Error("this value cannot be written");
      },
    };
    expect((await shaped("shaped_kept", "select $1::int + 1 as n", [1])).rows).toEqual([{ n: 2 }]);
    await expect(shaped("shaped_kept", "select $1::int + 1 as n", [unwritable])).rejects.toThrow("this value cannot be written");
    // node-postgres would have closed the statement yet still counted it as parsed here.
    expect((await shaped("shaped_kept", "select $1::int + 1 as n", [2])).rows).toEqual([{ n: 3 }]);
  });
});
