import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/**
 * Reads the source the way a translator's tool would: every key passed to `t()` / `msg()` /
 * `<Trans i18nKey>`, and every piece of English a person would see that is NOT a key (JSX text,
 * visible attributes and label properties, toasts, form messages). Keys are the English text.
 */
export type KeyUse = { key: string; plural: boolean; where: string };
export type Scan = { keys: KeyUse[]; violations: string[] };

/** Attributes and properties whose string a person reads. */
const VISIBLE_NAMES = new Set([
  "placeholder",
  "title",
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "aria-roledescription",
  "alt",
  "label",
  "description",
  "heading",
  "emptyText",
  "emptyTitle",
  "emptyDescription",
  "subtitle",
  "hint",
  "caption",
  "tooltip",
  "eyebrow",
  "confirmLabel",
  "cancelLabel",
  "submitLabel",
  "actionLabel",
  "pendingLabel",
  "text",
  "message",
  "body",
  "question",
  "answer",
  "cta",
  "summary",
]);
const TOAST_METHODS = new Set(["success", "error", "info", "warning", "message", "loading"]);
/** zod and form rules whose message argument is shown under a field. */
const RULE_METHODS = new Set(["min", "max", "length", "regex", "refine", "email", "nonempty", "superRefine", "setError"]);
/** Words that read the same in every language: the brand and the coins' tickers. */
const UNTRANSLATED_WORDS = new Set([
  "NaijaP2P",
  "Naija",
  "P2P",
  "SIDRA",
  "PI",
  "RUBI",
  "CORE",
  "USDT",
  "BTC",
  "ETH",
  "NGN",
  "₦",
  "OK",
  "TOTP",
  "Google",
  "Telegram",
  "WhatsApp",
  "Gmail",
]);
const LETTERS = /\p{L}/gu;
const IGNORE = "i18n-ignore";

/** True when a person would read this as words that need translating. */
export function needsTranslation(text: string): boolean {
  const words = text.split(/[\s·•|/,:;()\-–—!?.+%#@&*"'“”‘’…]+/u).filter((w) => (w.match(LETTERS) ?? []).length >= 2);
  return words.some((w) => !UNTRANSLATED_WORDS.has(w));
}

export function scanSources(roots: string[], base: string): Scan {
  const keys: KeyUse[] = [];
  const violations: string[] = [];
  for (const file of roots.flatMap((root) => sourceFiles(root))) {
    const text = readFileSync(file, "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const where = (node: ts.Node) => `${relative(base, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const ignored = (node: ts.Node) => {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const lines = text.split("\n");
      return [lines[line], lines[line - 1]].some((l) => l?.includes(IGNORE));
    };
    const flag = (node: ts.Node, what: string, value: string) => {
      if (!ignored(node) && needsTranslation(value)) violations.push(`${where(node)} ${what}: ${JSON.stringify(value.trim().slice(0, 80))}`);
    };

    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const name = calleeName(node.expression);
        const first = node.arguments[0];
        if ((name === "t" || name === "msg") && first && isStatic(first)) {
          keys.push({ key: first.text, plural: name === "t" && hasCount(node.arguments[1]), where: where(node) });
          return; // a key's arguments are values, not text
        }
        if (name && (name === "toast" || (TOAST_METHODS.has(name) && isToast(node.expression)) || name === "confirm" || name === "alert")) {
          for (const arg of node.arguments) if (isStatic(arg)) flag(arg, "toast/dialog text", arg.text);
        }
        if (name && RULE_METHODS.has(name)) {
          for (const arg of node.arguments) if (isStatic(arg)) flag(arg, "form message", arg.text);
        }
      }
      if (ts.isNewExpression(node) && node.expression.getText() === "Notification") {
        const first = node.arguments?.[0];
        if (first && isStatic(first)) flag(first, "notification text", first.text);
      }
      if (ts.isJsxText(node)) flag(node, "JSX text", node.text);
      if (ts.isJsxElement(node) && node.openingElement.tagName.getText() === "Trans") {
        const key = attribute(node.openingElement, "i18nKey");
        if (key) keys.push({ key, plural: attribute(node.openingElement, "count") !== null, where: where(node) });
        return;
      }
      if (ts.isJsxSelfClosingElement(node) && node.tagName.getText() === "Trans") {
        const key = attribute(node, "i18nKey");
        if (key) keys.push({ key, plural: node.attributes.properties.some((p) => p.name?.getText() === "count"), where: where(node) });
        return;
      }
      if (ts.isJsxAttribute(node) && VISIBLE_NAMES.has(node.name.getText()) && node.initializer) {
        const init = node.initializer;
        if (ts.isStringLiteral(init)) flag(init, `attribute ${node.name.getText()}`, init.text);
        else if (ts.isJsxExpression(init) && init.expression)
          shownLiterals(init.expression, (at, value) => flag(at, `attribute ${node.name.getText()}`, value));
      }
      if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
        shownLiterals(node.expression, (at, value) => flag(at, "JSX text", value));
      }
      if (ts.isPropertyAssignment(node) && VISIBLE_NAMES.has(propertyName(node.name))) {
        shownLiterals(node.initializer, (at, value) => flag(at, `property ${propertyName(node.name)}`, value));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { keys, violations };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" || entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

function isStatic(node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
}

/** String literals that end up on screen as they are: direct, or a branch of ?: / && / ??. */
function shownLiterals(node: ts.Expression, found: (at: ts.Node, text: string) => void): void {
  if (isStatic(node)) found(node, node.text);
  else if (ts.isTemplateExpression(node)) found(node, [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" "));
  else if (ts.isConditionalExpression(node)) {
    shownLiterals(node.whenTrue, found);
    shownLiterals(node.whenFalse, found);
  } else if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(node.operatorToken.kind)
  ) {
    shownLiterals(node.right, found);
    if (node.operatorToken.kind !== ts.SyntaxKind.AmpersandAmpersandToken) shownLiterals(node.left, found);
  } else if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    shownLiterals(node.expression, found);
  }
}

function calleeName(expr: ts.Expression): string | null {
  if (ts.isIdentifier(expr)) return expr.text;
  if (ts.isPropertyAccessExpression(expr)) return expr.name.text;
  return null;
}

function isToast(expr: ts.Expression): boolean {
  return ts.isPropertyAccessExpression(expr) && ts.isIdentifier(expr.expression) && expr.expression.text === "toast";
}

function hasCount(options: ts.Expression | undefined): boolean {
  return !!options && ts.isObjectLiteralExpression(options) && options.properties.some((p) => p.name?.getText() === "count");
}

function attribute(element: ts.JsxOpeningLikeElement, name: string): string | null {
  for (const prop of element.attributes.properties) {
    if (!ts.isJsxAttribute(prop) || prop.name.getText() !== name) continue;
    const init = prop.initializer;
    if (init && ts.isStringLiteral(init)) return init.text;
    if (init && ts.isJsxExpression(init) && init.expression && isStatic(init.expression)) return init.expression.text;
    return "";
  }
  return null;
}

function propertyName(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : "";
}
