import { getTableColumns, getTableName, type Table } from "drizzle-orm";

/**
 * Table and column names for hot-path statements built as text (prepared-query.ts), taken from the
 * Drizzle schema so that renaming a column or table there changes every statement with it, and a
 * schema key that no longer exists fails to compile. Built once when a statement's text is made,
 * so the text, and the prepared statement, stay what they would be written by hand.
 */
export type ColumnKey<T extends Table> = keyof T["_"]["columns"] & string;

/** A name as SQL reads it: as is when it is a plain lower-case identifier, quoted otherwise. */
export function sqlName(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`;
}

export function tableName(table: Table): string {
  return sqlName(getTableName(table));
}

/** The column's SQL name, by its schema key. */
export function columnName<T extends Table>(table: T, key: ColumnKey<T>): string {
  const column = (getTableColumns(table) as Record<string, { name: string }>)[key];
  if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
  return sqlName(column.name);
}

/** An INSERT's target: `table (column, …)`, the columns by their schema keys, in the order given. */
export function insertTarget<T extends Table>(table: T, keys: readonly ColumnKey<T>[]): string {
  return `${tableName(table)} (${keys.map((key) => columnName(table, key)).join(", ")})`;
}

/**
 * Columns for a RETURNING or SELECT list, each under the output name the caller reads it by
 * (`column as output` only where the two differ, so a rename keeps the rows' shape).
 */
export function columnsAs<T extends Table>(table: T, columns: Record<string, ColumnKey<T>>): string {
  return Object.entries(columns)
    .map(([output, key]) => {
      const name = columnName(table, key);
      return name === output ? name : `${name} as ${sqlName(output)}`;
    })
    .join(", ");
}

/** Several columns' SQL names, by their schema keys. */
export function columnNames<T extends Table, K extends ColumnKey<T>>(table: T, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, columnName(table, key)])) as Record<K, string>;
}

/** A table's row keyed by its schema keys, from a raw row keyed by its columns' SQL names (as a prepared statement returns it). */
export function tableRow<T extends Table>(table: T, raw: Record<string, unknown>): T["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}

/** A column as a row is read by: its SQL name and how its driver value becomes the schema's. */
type ReadColumn = { name: string; mapFromDriverValue(value: unknown): unknown };
const tableColumns = new WeakMap<Table, [string, ReadColumn][]>();
function columnsOf(table: Table): [string, ReadColumn][] {
  let columns = tableColumns.get(table);
  if (!columns) tableColumns.set(table, (columns = Object.entries(getTableColumns(table) as Record<string, ReadColumn>)));
  return columns;
}

/** A string as an SQL literal (standard_conforming_strings, PostgreSQL's default since 9.1). */
export function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * A text template filled by the statement itself: each `{{name}}` place (fillTemplate's rule,
 * packages/shared) becomes the SQL expression given for it, the rest literal text. For a text
 * whose values only the statement reads, such as a name it joins in.
 */
export function templateSql(template: string, values: Record<string, string>): string {
  const parts = template.split(/\{\{(\w+)\}\}/);
  const pieces = parts.map((part, i) => (i % 2 === 0 ? sqlString(part) : `coalesce((${values[part] ?? "null"})::text, '')`));
  return `(${pieces.filter((piece) => piece !== "''").join(" || ") || "''"})`;
}
