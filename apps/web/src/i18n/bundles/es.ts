import { merge, type Catalog } from "./merge";

/** Every catalog of this language, in one chunk (i18n.ts loads it when the language is chosen). */
export default merge(
  import.meta.glob<Catalog>(["../../locales/es/*.json", "../../../../../packages/shared/locales/es/*.json"], { eager: true, import: "default" }),
);
