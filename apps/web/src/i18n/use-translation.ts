import { useSyncExternalStore } from "react";
import { i18n } from "./i18n";

const languageNow = () => i18n.language;

/** The screen's `t`, in the app's language: the screen renders again, with a new `t`, when it changes. */
export function useTranslation() {
  const language = useSyncExternalStore(i18n.subscribe, languageNow, languageNow);
  return { t: i18n.fixedT(language), i18n };
}
