import { intlLocaleFor } from "./intl-formatters";

/**
 * Loads the browser's number and date data for the page's locale (the message) off the main
 * thread. A browser process loads that data once, on its first formatter: tens of milliseconds on a
 * slow phone, in one task that cannot be split. Loaded here first, each of the page's own
 * formatters (intl-formatters.ts) then costs a fraction of a millisecond (app/warm-up.ts). One
 * formatter of each kind is enough: the data is the locale's, whatever the options.
 */
self.onmessage = (event: MessageEvent<string>) => {
  const locale = intlLocaleFor(event.data);
  new Intl.NumberFormat(locale, { style: "currency", currency: "NGN", currencyDisplay: "narrowSymbol" }).format(1);
  new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(0);
  new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(-1, "minute");
  self.close();
};
