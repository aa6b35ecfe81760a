/** The {{names}} of a template, as a type: fillTemplate asks for exactly these. */
type Names<T extends string> = T extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Names<Rest> : never;

/** "New message from {{username}}" + { username: "ada" } → "New message from ada". */
export function fillTemplate<T extends string>(template: T, values: Record<Names<T>, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String((values as Record<string, string | number>)[name] ?? ""));
}
