import { DEFAULT_LANGUAGE } from "./languages.js";

/**
 * How the app and the server both set up i18next: the key is the English text itself (so it may
 * hold "." and ":"), English is the fallback, an empty translation counts as missing, and values
 * are put in as they are (React and the e-mail templates escape what they show).
 */
export const I18NEXT_OPTIONS = {
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  keySeparator: false,
  nsSeparator: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
} as const;
