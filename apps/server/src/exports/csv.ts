/** A cell as the exports hand it over: text, a number, a yes/no, or nothing. */
export type CsvCell = string | number | boolean | null | undefined;

/** Excel reads a file without it as the local code page: ₦ and non-Latin names come out garbled. */
export const UTF8_BOM = "\uFEFF";

/** What a spreadsheet would run as a formula (or DDE) when a cell starts with it. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number ("-12.5"): a spreadsheet reads it as a number, never as a formula. */
const DECIMAL = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled.
 * Text a spreadsheet would take for a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe, so a username like `=HYPERLINK(...)` shows as text instead of running; a plain
 * decimal number (a negative ledger amount) is left as it is.
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text) && !DECIMAL.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 has it. */
export function csvRecord(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(",")}\r\n`;
}
