import type { OpenApiDocument, OpenApiOperation } from "./build-document.js";
import type { JsonSchema } from "./json-schema.js";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const anchor = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** The API reference at /api/docs: every operation with its parameters and schemas, plain HTML and CSS (no script, so the CSP holds). */
export function renderDocsPage(document: OpenApiDocument): string {
  const byTag = new Map<string, { method: string; path: string; op: OpenApiOperation }[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0]!;
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, op });
    }
  }
  const nav = document.tags.map((t) => `<a href="#${anchor(t.name)}">${escape(t.name)}</a>`).join("");
  const sections = document.tags
    .map((t) => {
      const ops = byTag.get(t.name) ?? [];
      return `<section id="${anchor(t.name)}"><h2>${escape(t.name)}</h2>${ops.map((o) => renderOperation(o.method, o.path, o.op)).join("")}</section>`;
    })
    .join("");
  const errorSchema = document.components.schemas!.ApiError as JsonSchema;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escape(document.info.title)}</title>
<style>${STYLE}</style></head><body>
<header><div><h1>${escape(document.info.title)} <span class="version">${escape(document.info.version)}</span></h1>
<p>${escape(document.info.description)}</p>
<p><a href="/api/openapi.json">OpenAPI 3.1 document (JSON)</a></p></div></header>
<div class="layout"><nav aria-label="Sections">${nav}</nav><main>
<section id="errors"><h2>Errors</h2><p>Every refusal or failure (any 4XX or 5XX without its own schema below) answers this body.
The codes are listed in docs/API.md.</p><pre>${escape(renderSchema(errorSchema))}</pre></section>
${sections}</main></div></body></html>`;
}

function renderOperation(method: string, path: string, op: OpenApiOperation): string {
  const params = op.parameters.length
    ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Type</th></tr></thead><tbody>${op.parameters
        .map(
          (p) =>
            `<tr><td><code>${escape(p.name)}</code>${p.required ? "" : ' <span class="muted">optional</span>'}</td><td>${p.in}</td><td><code>${escape(renderSchema(p.schema))}</code>${p.description ? `<div class="muted">${escape(p.description)}</div>` : ""}</td></tr>`,
        )
        .join("")}</tbody></table>`
    : "";
  const body = op.requestBody
    ? `<details><summary>Request body${op.requestBody.required ? "" : ' <span class="muted">optional</span>'}</summary>${renderContent(op.requestBody.content)}</details>`
    : "";
  const responses = Object.entries(op.responses)
    .filter(([status]) => !status.endsWith("XX"))
    .map(([status, r]) => {
      const response = r as { description: string; content?: Record<string, { schema?: JsonSchema }> };
      const title = `<span class="status">${status}</span> ${escape(response.description)}`;
      return response.content ? `<details><summary>${title}</summary>${renderContent(response.content)}</details>` : `<p class="plain">${title}</p>`;
    })
    .join("");
  const description = (op.description ?? "")
    .split("\n\n")
    .map((p) => `<p>${escape(p)}</p>`)
    .join("");
  return `<article id="${escape(op.operationId)}"><h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p class="summary">${escape(op.summary)}</p>${description}${params}${body}${responses}</article>`;
}

function renderContent(content: Record<string, { schema?: JsonSchema }>): string {
  return Object.entries(content)
    .map(([type, { schema }]) => (schema ? `<pre>${escape(renderSchema(schema))}</pre>` : `<p class="muted">${escape(type)}</p>`))
    .join("");
}

/** A JSON Schema as a short TypeScript-like outline: `{ coin: string, amount?: string }`, bounds as comments. */
export function renderSchema(schema: JsonSchema, indent = ""): string {
  if (typeof schema.$ref === "string") return schema.$ref.split("/").at(-1)!;
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) return union.map((s) => renderSchema(s, indent)).join(" | ");
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.map((v) => JSON.stringify(v));
    // A long list reads better one value a line.
    return values.length > 6 ? values.map((v) => `\n${indent}  | ${v}`).join("") : values.join(" | ");
  }
  if ("const" in schema) return JSON.stringify(schema.const);
  const types = [schema.type].flat().filter((t): t is string => typeof t === "string");
  if (types.length > 1) return types.map((type) => renderSchema({ ...schema, type }, indent)).join(" | ");
  switch (types[0]) {
    case "object":
      return renderObject(schema, indent);
    case "array": {
      const item = renderSchema((schema.items ?? {}) as JsonSchema, indent);
      return item.includes(" | ") ? `(${item})[]` : `${item}[]`;
    }
    case undefined:
      return "any";
    default:
      return `${types[0]}${bounds(schema)}`;
  }
}

function renderObject(schema: JsonSchema, indent: string): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const inner = `${indent}  `;
  const lines = Object.entries(properties).map(
    ([name, property]) => `${inner}${name}${required.has(name) ? "" : "?"}: ${renderSchema(property, inner)}`,
  );
  if (typeof schema.additionalProperties === "object") {
    const keys = schema.propertyNames ? renderSchema(schema.propertyNames as JsonSchema) : "string";
    lines.push(`${inner}[key: ${keys}]: ${renderSchema(schema.additionalProperties as JsonSchema, inner)}`);
  }
  return lines.length ? `{\n${lines.join("\n")}\n${indent}}` : "{}";
}

const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

function bounds(schema: JsonSchema): string {
  const notes: string[] = [];
  // zod bounds every integer by the safe range; only real bounds are worth showing.
  const add = (label: string, value: unknown) => typeof value === "number" && Math.abs(value) !== SAFE_INTEGER && notes.push(`${label} ${value}`);
  add("min", schema.minimum);
  add("max", schema.maximum);
  add("min length", schema.minLength);
  add("max length", schema.maxLength);
  if (typeof schema.format === "string") notes.push(schema.format);
  else if (typeof schema.pattern === "string") notes.push(`matching ${schema.pattern}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes.length ? `  /* ${notes.join(", ")} */` : "";
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--text:#0f172a;--muted:#64748b;--line:#e2e8f0;--accent:#059669;--code:#f1f5f9}
@media (prefers-color-scheme:dark){:root{--bg:#0b1120;--card:#111827;--text:#e2e8f0;--muted:#94a3b8;--line:#1f2937;--accent:#34d399;--code:#0f172a}}
*{box-sizing:border-box}body{margin:0;font:15px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;background:var(--bg);color:var(--text)}
a{color:var(--accent)}header{border-bottom:1px solid var(--line);background:var(--card);padding:1.25rem 1rem}
header>div{max-width:1200px;margin:0 auto}h1{margin:0;font-size:1.5rem}.version{font-size:.85rem;color:var(--muted);font-weight:500}
header p{margin:.35rem 0 0;color:var(--muted);max-width:70ch}
.layout{max-width:1200px;margin:0 auto;display:grid;grid-template-columns:220px 1fr;gap:2rem;padding:1.5rem 1rem}
nav{position:sticky;top:1rem;align-self:start;display:flex;flex-direction:column;gap:.15rem;max-height:calc(100vh - 2rem);overflow:auto}
nav a{text-decoration:none;color:var(--text);padding:.3rem .6rem;border-radius:8px}nav a:hover{background:var(--code)}
main{min-width:0}section{margin-bottom:2.5rem}h2{font-size:1.2rem;margin:0 0 .75rem}
article{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1rem 1.25rem;margin:0 0 1rem}
h3{margin:0;font-size:1rem;display:flex;gap:.6rem;align-items:center;flex-wrap:wrap;word-break:break-all}
details{margin:.35rem 0}summary{cursor:pointer;font-weight:600;font-size:.9rem;padding:.2rem 0}.plain{font-weight:600;font-size:.9rem;padding:0 0 0 1.1rem}.summary{margin:.5rem 0 .25rem;font-weight:500}article p{margin:.35rem 0}
.method{font:600 .75rem ui-monospace,monospace;padding:.2rem .5rem;border-radius:6px;color:#fff;background:#475569}
.get{background:#2563eb}.post{background:#059669}.put,.patch{background:#d97706}.delete{background:#dc2626}
.status{font:600 .8rem ui-monospace,monospace;color:var(--accent)}.muted{color:var(--muted);font-size:.85rem;font-weight:400}
pre,code{font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace}pre{background:var(--code);border-radius:8px;padding:.75rem;overflow:auto;margin:.25rem 0;white-space:pre}
table{border-collapse:collapse;width:100%;margin:.75rem 0;font-size:.9rem}th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
th{color:var(--muted);font-weight:500}td code{white-space:pre-wrap;word-break:break-word}
@media (max-width:760px){.layout{grid-template-columns:1fr;gap:1rem}nav{position:static;flex-direction:row;flex-wrap:wrap;max-height:none}nav a{border:1px solid var(--line)}}
`;
