/**
 * Hostile variants of a request: broken JSON, wrong shapes and types, missing and extra fields,
 * huge values, negative and over-precise amounts, unicode tricks, SQL and HTML. Each variant is a
 * name and a body (JSON value or raw text); path and query variants are plain strings.
 */
export type BodyVariant = { name: string; body: { json: unknown } | { raw: string; contentType?: string } };

const SQL = "' OR '1'='1'; DROP TABLE users; --";
const HTML = `<img src=x onerror=alert(1)><script>alert(1)</script>`;
const UNICODE = "\u202Eevil\u200B\uFEFF\u0000end";
const HUGE_STRING = "x".repeat(100_000);
const NUMERIC = /^-?\d+(\.\d+)?$/;

/** Text that must be refused or stored as text, never run or crash: the same for every string field. */
const STRING_PAYLOADS: [string, string][] = [
  ["SQL", SQL],
  ["HTML", HTML],
  ["unicode tricks", UNICODE],
  ["10k characters", "y".repeat(10_000)],
  ["only spaces", "    "],
];

/** Amount-like strings that are never valid money. */
const AMOUNT_PAYLOADS: [string, string][] = [
  ["negative", "-1"],
  ["zero", "0"],
  ["over-precise", "1.1234567891234"],
  ["exponent", "1e9"],
  ["NaN", "NaN"],
  ["Infinity", "Infinity"],
  ["hex", "0x10"],
  ["padded", " 1 "],
  ["enormous", "9".repeat(40)],
];

export function bodyVariants(valid: unknown): BodyVariant[] {
  const variants: BodyVariant[] = [
    { name: "malformed JSON", body: { raw: '{"a": ' } },
    { name: "JSON null", body: { raw: "null" } },
    { name: "a JSON array", body: { json: [] } },
    { name: "a JSON string", body: { json: "hello" } },
    { name: "a JSON number", body: { json: 42 } },
    { name: "form-encoded", body: { raw: "a=1&b=2", contentType: "application/x-www-form-urlencoded" } },
    { name: "plain text", body: { raw: "hello", contentType: "text/plain" } },
    { name: "a 2 MB body", body: { json: { padding: "z".repeat(2_000_000) } } },
    { name: "deeply nested", body: { raw: `${"[".repeat(5_000)}${"]".repeat(5_000)}` } },
    { name: "prototype pollution", body: { raw: '{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"role": "admin"}}}' } },
  ];
  if (valid === undefined || valid === null || typeof valid !== "object" || Array.isArray(valid)) return variants;

  const base = valid as Record<string, unknown>;
  variants.push({ name: "an extra field", body: { json: { ...base, role: "admin" } } });
  if (Object.keys(base).length > 0) variants.push({ name: "empty object", body: { json: {} } });
  for (const [field, value] of Object.entries(base)) {
    const without = { ...base };
    delete without[field];
    const set = (name: string, replacement: unknown) =>
      variants.push({ name: `${field}: ${name}`, body: { json: { ...base, [field]: replacement } } });
    variants.push({ name: `${field}: missing`, body: { json: without } });
    set("null", null);
    set("an object", { $gt: "" });
    set("an array", [value]);
    set("a boolean", true);
    if (typeof value === "string") {
      set("a number", 12345);
      set("100k characters", HUGE_STRING);
      for (const [name, payload] of STRING_PAYLOADS) set(name, payload);
      if (NUMERIC.test(value)) for (const [name, payload] of AMOUNT_PAYLOADS) set(`amount ${name}`, payload);
    } else if (typeof value === "number") {
      set("a string", "five");
      set("negative", -1);
      set("fractional", 2.5);
      set("huge", 1e300);
    } else if (typeof value === "boolean") {
      set("a string", "true");
    }
  }
  return variants;
}

/** Bad query strings for list endpoints: types, ranges, unknown and repeated parameters. */
export const QUERY_VARIANTS: string[] = [
  "?page=-1",
  "?page=abc",
  "?page=1.5",
  "?page=99999999999999999999",
  "?page_size=100000",
  "?page_size=0",
  "?status=%3Cscript%3E",
  "?coin=%27%20OR%201%3D1--",
  "?unknown=1",
  "?page=1&page=2",
  `?q=${encodeURIComponent(UNICODE)}`,
  `?q=${"w".repeat(5_000)}`,
  "?before=not-a-date&since=yesterday",
];

/** Bad values for an id or symbol in the path. */
export const PATH_VARIANTS: string[] = [
  "not-a-uuid",
  "00000000-0000-0000-0000-000000000000",
  encodeURIComponent(SQL),
  encodeURIComponent(UNICODE),
  "a".repeat(2_000),
  "%00",
  "..%2F..%2Fetc%2Fpasswd",
];
