import { describe, expect, it } from "vitest";
import { Texts } from "./translator.js";

function texts() {
  const all = new Texts();
  all.add("en", { "{{count}} offers_one": "{{count}} offer", "{{count}} offers_other": "{{count}} offers" });
  all.add("fr", {
    "Sell {{coin}}": "Vendre {{coin}}",
    "{{count}} offers_one": "{{count}} offre",
    "{{count}} offers_other": "{{count}} offres",
    "Empty in French": "",
  });
  all.add("ar", {
    "{{count}} days_zero": "لا أيام",
    "{{count}} days_one": "يوم واحد",
    "{{count}} days_two": "يومان",
    "{{count}} days_few": "{{count}} أيام",
    "{{count}} days_other": "{{count}} يوم",
  });
  return all;
}

describe("Texts", () => {
  it("reads a key in the language, else in English, else as the key itself", () => {
    const all = texts();
    expect(all.t("fr", "Sell {{coin}}", { coin: "PI" })).toBe("Vendre PI");
    expect(all.t("pt", "Sell {{coin}}", { coin: "PI" })).toBe("Sell PI");
    expect(all.t("fr", "Not in any catalog")).toBe("Not in any catalog");
  });

  it("reads a key that is the name of a property every object inherits (constructor, toString) as the key itself", () => {
    const all = texts();
    expect(all.t("fr", "constructor")).toBe("constructor");
    expect(all.t("en", "toString", { count: 2 })).toBe("toString");
    expect(all.exists("fr", "hasOwnProperty")).toBe(false);
  });

  it("counts an empty translation as missing", () => {
    expect(texts().t("fr", "Empty in French")).toBe("Empty in French");
    expect(texts().exists("fr", "Empty in French")).toBe(false);
  });

  it("picks the plural form the language's rules name for count", () => {
    const all = texts();
    expect(all.t("en", "{{count}} offers", { count: 1 })).toBe("1 offer");
    expect(all.t("en", "{{count}} offers", { count: 3 })).toBe("3 offers");
    expect(all.t("fr", "{{count}} offers", { count: 0 })).toBe("0 offre"); // French counts 0 as one
    expect(all.t("ar", "{{count}} days", { count: 2 })).toBe("يومان");
    expect(all.t("ar", "{{count}} days", { count: 4 })).toBe("4 أيام");
    expect(all.t("ar", "{{count}} days", { count: 0 })).toBe("لا أيام");
  });

  it("falls back to English's plural form, then to the bare key", () => {
    const all = texts();
    expect(all.t("pt", "{{count}} offers", { count: 1 })).toBe("1 offer");
    expect(all.t("pt", "{{count}} trades", { count: 2 })).toBe("2 trades");
  });

  it("fills values as they are, never reads a value for names, and keeps a name it has no value for", () => {
    const all = texts();
    expect(all.t("en", "Hi {{name}}, {{ name }}!", { name: "<b>{{coin}}</b>", coin: "PI" })).toBe("Hi <b>{{coin}}</b>, <b>{{coin}}</b>!");
    expect(all.t("en", "From {{from}} to {{to}}", { from: "A" })).toBe("From A to {{to}}");
    expect(all.t("en", "From {{from}}", { from: undefined })).toBe("From ");
    expect(all.t("en", "Step {{step}} of 5", { step: 2 })).toBe("Step 2 of 5");
  });

  it("knows which keys have a text, in the language or in English", () => {
    const all = texts();
    expect(all.exists("fr", "Sell {{coin}}")).toBe(true);
    expect(all.exists("pt", "{{count}} offers_one")).toBe(true);
    expect(all.exists("fr", "Sell everything")).toBe(false);
    expect(all.has("fr")).toBe(true);
    expect(all.has("zh")).toBe(false);
  });

  it("adds a language's later catalogs over its earlier ones", () => {
    const all = texts();
    all.add("fr", { "Buy {{coin}}": "Acheter {{coin}}" });
    expect(all.t("fr", "Buy {{coin}}", { coin: "PI" })).toBe("Acheter PI");
    expect(all.t("fr", "Sell {{coin}}", { coin: "PI" })).toBe("Vendre PI");
  });
});
