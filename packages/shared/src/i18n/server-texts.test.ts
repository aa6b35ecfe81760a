import { describe, expect, it } from "vitest";
import { fillTemplate, matchServerText, SERVER_TEXT_TEMPLATES } from "./server-texts.js";
import { translateServerTextWith, type TextTranslator } from "./translate-server-text.js";
import { ORDER_TEXTS, ORDER_WORDS } from "../texts/orders.js";
import { orderConflictMessage, stepNotice } from "../orders/order-messages.js";
import { signUpRequest } from "../schemas/auth.js";

/** Values like the ones the server fills in: words, amounts, names, sentences with punctuation. */
const SAMPLES = ["buyer", "₦1,500.00", "12.5 SIDRA", "ada_okafor", "Paid twice. Please check.", "3", "Need help: order stuck"];
const fill = (template: string, sample: string) =>
  fillTemplate(template, Object.fromEntries([...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => [m[1]!, sample])) as never);

describe("server text templates", () => {
  it.each(SERVER_TEXT_TEMPLATES)("%s is matched back from any text it fills", (template) => {
    for (const sample of SAMPLES) expect(matchServerText(fill(template, sample))?.template).toBe(template);
  });

  it("each has words of its own around the values, so a person's free text is not mistaken for one", () => {
    const thin = SERVER_TEXT_TEMPLATES.filter((t) => t.replace(/\{\{\w+\}\}/g, "").replace(/[^\p{L}]/gu, "").length < 6);
    expect(thin).toEqual([]);
  });

  it("gives the values back as they were filled", () => {
    const text = fillTemplate(ORDER_TEXTS.cancelledByWithReason, { role: "seller", reason: "Buyer asked. Sorry." });
    expect(text).toBe("The order was cancelled by the seller. Reason: Buyer asked. Sorry.");
    expect(matchServerText(text)).toEqual({ template: ORDER_TEXTS.cancelledByWithReason, values: { role: "seller", reason: "Buyer asked. Sorry." } });
  });

  it("reads a filled template inside another as a value of the outer one", () => {
    const reason = fillTemplate(ORDER_TEXTS.partySuspendedReason, { role: "buyer" });
    const text = fillTemplate(ORDER_TEXTS.appealedByWithReason, { role: "buyer", reason });
    expect(matchServerText(text)).toEqual({ template: ORDER_TEXTS.appealedByWithReason, values: { role: "buyer", reason } });
  });

  it("leaves free text alone", () => {
    expect(matchServerText("see you on Monday")).toBeNull();
  });

  it("keeps the English the state machine wrote before", () => {
    expect(stepNotice(3)).toBe("Your trade has progressed to step 3 of 5");
    expect(orderConflictMessage("completed")).toBe("This order is already completed.");
    expect(orderConflictMessage("disputed", "cancel")).toBe("This order is under dispute, so it cannot be cancelled now.");
  });
});

describe("translateServerTextWith", () => {
  const catalog: Record<string, string> = {
    [ORDER_TEXTS.cancelledByWithReason]: "Olùtà {{role}} fagilé ọjà náà. Ìdí: {{reason}}",
    [ORDER_TEXTS.partySuspendedReason]: "Àkọọ́lẹ̀ {{role}} ti dáwọ́ dúró",
    [ORDER_WORDS.seller]: "olùtà",
    [ORDER_WORDS.buyer]: "olùrà",
    "Order Update": "Ìròyìn Ọjà",
  };
  const yo: TextTranslator = {
    exists: (key) => key in catalog,
    t: (key, values = {}) => (catalog[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, n: string) => values[n] ?? ""),
  };

  it("translates exact keys, templates, their word values and templates inside values; free text stays", () => {
    expect(translateServerTextWith(yo, "Order Update")).toBe("Ìròyìn Ọjà");
    const inner = fillTemplate(ORDER_TEXTS.partySuspendedReason, { role: "buyer" });
    const text = fillTemplate(ORDER_TEXTS.cancelledByWithReason, { role: "seller", reason: inner });
    expect(translateServerTextWith(yo, text)).toBe("Olùtà olùtà fagilé ọjà náà. Ìdí: Àkọọ́lẹ̀ olùrà ti dáwọ́ dúró");
    expect(translateServerTextWith(yo, "buyer, see you soon")).toBe("buyer, see you soon");
  });

  it("translates the message of a refused field, keeping the field's name", () => {
    expect(translateServerTextWith(yo, "payout.role: Order Update")).toBe("payout.role: Ìròyìn Ọjà");
    expect(translateServerTextWith(yo, "note: see you soon")).toBe("note: see you soon");
  });

  it("does not translate a name that happens to be a word of ours", () => {
    expect(translateServerTextWith(yo, fillTemplate(ORDER_TEXTS.offerOffline, { coin: "buyer" }))).toBe(
      "Put your buyer offer online to accept buyer requests.",
    );
  });
});

describe("shared schema messages", () => {
  it("name the limits the schemas enforce (the numbers are written into the keys)", () => {
    const messages = (input: Record<string, unknown>) =>
      signUpRequest
        .safeParse({ full_name: "Ada", username: "ada_ok", phone_number: "+2348031234567", email: "a@b.co", password: "x".repeat(9), ...input })
        .error?.issues.map((i) => i.message) ?? [];
    expect(messages({ password: "short" })).toEqual(["Password must be at least 8 characters long"]);
    expect(messages({ password: "x".repeat(129) })).toEqual(["Password must be at most 128 characters long"]);
    expect(messages({ username: "u".repeat(31) })).toEqual(["Username must be at most 30 characters long"]);
    expect(messages({ full_name: "f".repeat(101) })).toEqual(["Full name must be at most 100 characters long"]);
  });
});
