import { describe, expect, it } from "vitest";
import { formatBadgeCount } from "./constants.js";
import { needsProfileCompletion, placeholderUsername, referralCodeFor, referralIdPrefix } from "./referral.js";

describe("formatBadgeCount", () => {
  it("caps at 99+", () => {
    expect(formatBadgeCount(0)).toBe("0");
    expect(formatBadgeCount(99)).toBe("99");
    expect(formatBadgeCount(100)).toBe("99+");
  });
});

describe("referral codes", () => {
  const id = "3fa2b9c1-0d4e-4f5a-9b8c-7d6e5f4a3b2c";
  it("are REF plus the first 8 hex characters of the id, uppercase", () => {
    expect(referralCodeFor(id)).toBe("REF3FA2B9C1");
  });
  it("map back to the lowercase id prefix, and malformed codes to null", () => {
    expect(referralIdPrefix("REF3FA2B9C1")).toBe("3fa2b9c1");
    expect(referralIdPrefix("REF3fa2b9c1")).toBeNull();
    expect(referralIdPrefix("REF3FA2B9C")).toBeNull();
    expect(referralIdPrefix("XYZ3FA2B9C1")).toBeNull();
  });
});

describe("needsProfileCompletion", () => {
  const id = "3fa2b9c1-0d4e-4f5a-9b8c-7d6e5f4a3b2c";
  it("asks while the username is the generated placeholder or the phone is missing", () => {
    expect(needsProfileCompletion({ id, username: placeholderUsername(id), phone_number: "+2348012345678" })).toBe(true);
    expect(needsProfileCompletion({ id, username: "adaeze", phone_number: null })).toBe(true);
    expect(needsProfileCompletion({ id, username: "adaeze", phone_number: "+2348012345678" })).toBe(false);
  });
});
