import { cloneElement, type ReactElement, type ReactNode } from "react";
import { useTranslation } from "@/i18n/use-translation";

type Values = Record<string, string | number | undefined>;
type Components = Record<string, ReactElement<{ children?: ReactNode }>>;

/** A value's place in the translated text until the tags are read: a character no catalog has. */
const MARK = "\u0000";
const TAG = /<(\/?)([a-zA-Z][\w-]*)\s*(\/?)>/g;

/**
 * A translated sentence with elements in it: the key's `<b>…</b>` or `<terms>…</terms>` wrap their
 * text in `components.b` or `components.terms`; `values` fill its {{names}} (`count` picks the
 * plural form too). The values go in after the tags are read, so a value (a username, a path
 * someone typed) is always text, never markup. Our own few lines instead of a library's Trans
 * and its HTML parser, which were 4 KB of every first load.
 */
export function Trans({ i18nKey, values = {}, components }: { i18nKey: string; values?: Values; components: Components }) {
  const { t } = useTranslation();
  const marked = Object.fromEntries(Object.keys(values).map((name) => [name, `${MARK}${name}${MARK}`]));
  const options: Record<string, string | number> = typeof values.count === "number" ? { ...marked, count: values.count } : marked;
  const text = t(i18nKey, options);
  return <>{renderTagged(text, components, values)}</>;
}

type Open = { name: string; children: ReactNode[] };

/** `text` with its tags as the named components; a tag with no component, or left unclosed, stays as written. */
export function renderTagged(text: string, components: Components, values: Values = {}): ReactNode[] {
  const root: Open = { name: "", children: [] };
  const stack: Open[] = [root];
  let at = 0;
  let key = 0;
  const top = () => stack[stack.length - 1]!;
  const addText = (part: string) => {
    if (part) top().children.push(...fillValues(part, values));
  };
  for (const match of text.matchAll(TAG)) {
    const [tag, closing, name, selfClosing] = match as unknown as [string, string, string, string];
    addText(text.slice(at, match.index));
    at = match.index + tag.length;
    const component = components[name];
    if (!component) {
      addText(tag);
    } else if (selfClosing) {
      top().children.push(cloneElement(component, { key: key++ }));
    } else if (!closing) {
      stack.push({ name, children: [] });
    } else if (stack.length > 1 && top().name === name) {
      const done = stack.pop()!;
      top().children.push(cloneElement(component, { key: key++ }, ...done.children));
    } else {
      addText(tag);
    }
  }
  addText(text.slice(at));
  // Unclosed tags: their text is kept, without the element.
  while (stack.length > 1) {
    const open = stack.pop()!;
    top().children.push(`<${open.name}>`, ...open.children);
  }
  return root.children;
}

/** Plain text with each marked value put back as text. */
function fillValues(part: string, values: Values): string[] {
  if (!part.includes(MARK)) return [part];
  return part.split(MARK).map((piece, index) => (index % 2 === 1 && piece in values ? String(values[piece] ?? "") : piece));
}
