import { isLanguage, languageInfo, pickLanguage, type Language } from "@p2p/shared";
import { i18n, loadCatalogs } from "./i18n";

const STORAGE_KEY = "naijap2p.language";
/** Set when a language is chosen signed out: the next sign-in saves it on the profile. */
const PENDING_KEY = "naijap2p.language.unsaved";
/** Read by the server when it creates an account, so the profile starts in the language in use. */
const COOKIE = "lang";

/** The language to start in: the one chosen before on this device, else the browser's. */
export function initialLanguage(): Language {
  const stored = readStored();
  return stored ?? pickLanguage(navigator.languages ?? [navigator.language]);
}

/**
 * Switches the whole app to a language: its catalogs first, then the texts, the document's
 * lang and dir (Arabic reads right to left), and the device's memory of the choice (storage
 * for this app, a cookie for the server).
 */
export async function applyLanguage(language: Language): Promise<void> {
  wanted = language;
  await loadCatalogs(language);
  if (wanted !== language) return; // a later choice (the profile's, say) arrived while this one loaded
  i18n.changeLanguage(language);
  const root = document.documentElement;
  root.lang = languageInfo(language).locale;
  root.dir = languageInfo(language).dir;
  document.cookie = `${COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
}

/** The language being switched to, or in use: what the app is, or is about to be, in. */
let wanted: Language | null = null;

export const currentLanguage = (): Language => wanted ?? i18n.language;

function readStored(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers that the language in use was chosen signed out and is not on any profile yet. */
export function markUnsaved(unsaved: boolean): void {
  try {
    if (unsaved) localStorage.setItem(PENDING_KEY, "1");
    else localStorage.removeItem(PENDING_KEY);
  } catch {
    // Private mode: the profile's language wins at sign-in.
  }
}

export function isUnsaved(): boolean {
  try {
    return localStorage.getItem(PENDING_KEY) === "1";
  } catch {
    return false;
  }
}
