import { describe, expect, it } from "vitest";
import { i18n, loadCatalogs } from "./i18n";
import { translateServerText } from "./server-text";

const ACCEPTED = "The merchant accepted the order. Your trade has progressed to step 2 of 5.";

describe("translateServerText", () => {
  it("shows the server's English as it is, without loading the matcher, and translates once another language is loaded", async () => {
    expect(translateServerText(ACCEPTED)).toBe(ACCEPTED);
    expect(translateServerText("username: Username must be more than 4 characters long")).toBe(
      "username: Username must be more than 4 characters long",
    );

    await loadCatalogs("fr");
    i18n.changeLanguage("fr");
    try {
      expect(translateServerText(ACCEPTED)).toBe(
        i18n.t("The merchant accepted the order. Your trade has progressed to step {{step}} of 5.", { step: "2" }),
      );
      expect(translateServerText(ACCEPTED)).not.toBe(ACCEPTED);
    } finally {
      i18n.changeLanguage("en");
    }
    // Back in English, the text is the server's again.
    expect(translateServerText(ACCEPTED)).toBe(ACCEPTED);
  });
});
