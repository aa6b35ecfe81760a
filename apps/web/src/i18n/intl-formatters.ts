/**
 * The Intl formatters of one locale, with nothing else imported: the page builds them
 * (`format.ts`), and the worker that loads the browser's locale data while the splash shows
 * (`locale-data.worker.ts`) shares their choice of locale.
 */

/**
 * Browsers carry no Intl data for Pidgin, Hausa, Yoruba or Igbo and would answer in American
 * English ("Nov 22, 2026, 7:55 AM"). Those languages get Nigerian numbers and all-numeric dates
 * (22/11/2026, 07:55), and relative times from our own catalogs.
 */
const NUMERIC_FALLBACK = "en-NG";
const hasIntlData = (locale: string) =>
  Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0 && Intl.RelativeTimeFormat.supportedLocalesOf([locale]).length > 0;

/** The formatters, each built when first used: building Intl formatters is slow, and a page uses a few. */
function builtOnFirstUse<T extends object>(makers: { [K in keyof T]: () => T[K] }): T {
  const built = {} as T;
  for (const key of Object.keys(makers) as (keyof T)[]) {
    Object.defineProperty(built, key, {
      configurable: true,
      get: () => {
        const value = makers[key]();
        Object.defineProperty(built, key, { value });
        return value;
      },
    });
  }
  return built;
}

/** The locale whose Intl data formats for `wanted`: itself, or Nigerian English where the browser has none. */
export const intlLocaleFor = (wanted: string) => (hasIntlData(wanted) ? wanted : NUMERIC_FALLBACK);

export function formattersFor(wanted: string) {
  const locale = intlLocaleFor(wanted);
  const native = locale === wanted;
  const numericDate = { day: "2-digit", month: "2-digit", year: "numeric" } as const;
  const numericTime = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
  const naira = { style: "currency", currency: "NGN", currencyDisplay: "narrowSymbol" } as const;
  return builtOnFirstUse({
    naira: () => new Intl.NumberFormat(locale, { ...naira, minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    nairaCompact: () => new Intl.NumberFormat(locale, { ...naira, notation: "compact", maximumFractionDigits: 1 }),
    nairaWhole: () => new Intl.NumberFormat(locale, { ...naira, maximumFractionDigits: 0 }),
    coin: () => new Intl.NumberFormat(locale, { maximumFractionDigits: 8 }),
    signedCoin: () => new Intl.NumberFormat(locale, { maximumFractionDigits: 8, signDisplay: "exceptZero" }),
    integer: () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
    twoDecimals: () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    oneDecimal: () => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    percent: () => new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    feeRate: () => new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }),
    dateTime: () => new Intl.DateTimeFormat(locale, native ? { dateStyle: "medium", timeStyle: "short" } : { ...numericDate, ...numericTime }),
    date: () => new Intl.DateTimeFormat(locale, native ? { dateStyle: "medium" } : numericDate),
    time: () => new Intl.DateTimeFormat(locale, native ? { timeStyle: "short" } : numericTime),
    dayMonth: () => new Intl.DateTimeFormat(locale, native ? { day: "numeric", month: "short" } : { day: "2-digit", month: "2-digit" }),
    relative: () => (native ? new Intl.RelativeTimeFormat(locale, { numeric: "auto" }) : null),
    relativeShort: () => (native ? new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "short" }) : null),
    relativeNarrow: () => (native ? new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "narrow" }) : null),
  });
}

export type Formatters = ReturnType<typeof formattersFor>;
