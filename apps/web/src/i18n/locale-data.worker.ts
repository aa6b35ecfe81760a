import { buildFirstScreenFormatters } from "./intl-formatters";

/**
 * Loads the browser's number and date data for the page's locale (the message) off the main
 * thread. A browser process loads that data once, on its first formatter: tens of milliseconds on a
 * slow phone, in one task that cannot be split. Built here first, each of the page's own formatters
 * then costs well under a millisecond (app/warm-up.ts).
 */
self.onmessage = (event: MessageEvent<string>) => {
  buildFirstScreenFormatters(event.data);
  self.close();
};
