import { merge, type Catalog } from "./merge";

/** Every catalog of this language, in one chunk (i18n.ts loads it when the language is chosen). */
export default merge(
  import.meta.glob<Catalog>(["../../locales/ha/*.json", "../../../../../packages/shared/locales/ha/*.json"], { eager: true, import: "default" }),
);
