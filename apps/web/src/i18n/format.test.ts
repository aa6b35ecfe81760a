import { afterEach, describe, expect, it } from "vitest";
import type { Language } from "@p2p/shared";
import { i18n } from "./i18n";
import { showCoin, showCoinUnits, showNaira, showPercent, showRelative } from "./format";

/** Switches the texts without the browser parts of applyLanguage (document, storage). */
const speak = (language: Language) => i18n.changeLanguage(language);

describe("numbers and money in the reader's language", () => {
  afterEach(() => speak("en"));

  it("shows naira with the ₦ sign in every language, grouped the language's way", async () => {
    expect(showNaira("150000.5")).toBe("₦150,000.50");
    speak("fr");
    expect(showNaira("150000.5").replace(/\s/g, " ")).toBe("150 000,50 ₦");
    speak("zh");
    expect(showNaira("150000.5")).toBe("₦150,000.50");
  });

  it("never rounds a coin amount away: all 8 places survive, from strings and from units", async () => {
    expect(showCoin("0.00000001")).toBe("0.00000001");
    expect(showCoin("12345678901.12345678")).toBe("12,345,678,901.12345678");
    expect(showCoinUnits(1n)).toBe("0.00000001");
    speak("fr");
    expect(showCoin("1234.5").replace(/\s/g, " ")).toBe("1 234,5");
  });

  it("writes percentages to one decimal (spec §4)", () => {
    expect(showPercent(12.345)).toBe("12.3%");
    expect(showPercent(-60)).toBe("-60.0%");
  });

  it("says how long ago in words of the language, and 'just now' under 45 seconds", async () => {
    const now = Date.parse("2026-11-22T12:00:00Z");
    expect(showRelative("2026-11-22T11:59:30Z", now)).toBe("just now");
    expect(showRelative("2026-11-22T11:55:00Z", now)).toBe("5 minutes ago");
    speak("fr");
    expect(showRelative("2026-11-22T09:00:00Z", now)).toBe("il y a 3 heures");
  });

  it("keeps the short form in words where the locale's narrow form is a bare signed number", async () => {
    const now = Date.parse("2026-11-22T12:00:00Z");
    expect(showRelative("2026-11-22T11:46:00Z", now, "narrow")).toMatch(/^14 ?m.* ago$/);
    for (const language of ["fr", "ig", "yo"] as const) {
      speak(language);
      expect(showRelative("2026-11-22T11:46:00Z", now, "narrow")).not.toMatch(/^[-+\u2212]/);
    }
    speak("fr");
    expect(showRelative("2026-11-22T11:46:00Z", now, "narrow").replace(/\s/g, " ")).toBe("il y a 14 min");
  });
});
