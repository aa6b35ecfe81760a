import { describe, expect, it } from "vitest";
import { matchServerText } from "@p2p/shared";
import { chatNotice, confirmationTimeoutReason } from "./notices.js";

describe("server-written order texts", () => {
  it("say '1 minute' and '30 minutes', each matched back to its own template for translation", () => {
    const one = confirmationTimeoutReason(1);
    expect(one).toBe("The seller did not confirm the payment within 1 minute of it being marked as sent.");
    expect(matchServerText(one)?.values).toEqual({ minutes: "1" });
    expect(confirmationTimeoutReason(30)).toBe("The seller did not confirm the payment within 30 minutes of it being marked as sent.");
  });

  it("write a coin amount without the stored trailing zeros", () => {
    const order = { currentStep: 1, side: "buy", coin: "SIDRA", coinAmount: "20.00000000", price: "1500.00", nairaAmount: "30000.00" };
    expect(chatNotice("create", { order })).toMatch(/^Order created: buy 20 SIDRA at /);
  });
});
