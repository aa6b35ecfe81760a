import { merge, type Catalog } from "./merge";

/** Every catalog of this language, in one chunk (i18n.ts loads it when the language is chosen). */
export default merge(
  import.meta.glob<Catalog>(["../../locales/fr/*.json", "../../../../../packages/shared/locales/fr/*.json"], { eager: true, import: "default" }),
);
