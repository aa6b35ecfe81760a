import { describe, expect, it } from "vitest";
import { MESSAGES } from "@p2p/shared";
import { emailPrecheck, phonePrecheck, usernamePrecheck } from "./field-prechecks";

describe("usernamePrecheck", () => {
  it("leaves an empty field alone", () => {
    expect(usernamePrecheck("  ")).toEqual({ kind: "empty" });
  });

  it("refuses 4 characters or fewer with the spec's message", () => {
    expect(usernamePrecheck("abcd")).toEqual({ kind: "invalid", message: MESSAGES.usernameTooShort });
    // The length rule is reported first even when the format is also wrong.
    expect(usernamePrecheck("a b")).toEqual({ kind: "invalid", message: MESSAGES.usernameTooShort });
  });

  it("asks the server about a well-formed username, trimmed", () => {
    expect(usernamePrecheck(" abcde ")).toEqual({ kind: "ask", query: "abcde" });
  });

  it("counts the user's own username as available", () => {
    expect(usernamePrecheck("tunde_ng", "tunde_ng")).toEqual({ kind: "valid" });
    expect(usernamePrecheck("Tunde_NG", "tunde_ng")).toEqual({ kind: "valid" });
    expect(usernamePrecheck("tunde_ng", "someone")).toEqual({ kind: "ask", query: "tunde_ng" });
  });
});

describe("phonePrecheck", () => {
  it("asks about the normalised number", () => {
    expect(phonePrecheck("+234 803-123 4567")).toEqual({ kind: "ask", query: "+2348031234567" });
  });

  it("accepts local and international forms as people write them (the server stores E.164)", () => {
    expect(phonePrecheck("0803 123 4567")).toEqual({ kind: "ask", query: "08031234567" });
    expect(phonePrecheck("(0803) 123-4567")).toEqual({ kind: "ask", query: "08031234567" });
    expect(phonePrecheck("0803.123.4567")).toEqual({ kind: "ask", query: "08031234567" });
    expect(phonePrecheck("+234 (803) 123 4567")).toEqual({ kind: "ask", query: "+2348031234567" });
  });

  it("refuses something that is not a phone number", () => {
    expect(phonePrecheck("call me")).toMatchObject({ kind: "invalid" });
  });

  it("counts the user's own number as available however it is spaced", () => {
    expect(phonePrecheck("0803 123 4567", "08031234567")).toEqual({ kind: "valid" });
  });
});

describe("emailPrecheck", () => {
  it("asks about the lowercased address", () => {
    expect(emailPrecheck("Ada@Example.com")).toEqual({ kind: "ask", query: "ada@example.com" });
  });

  it("refuses a malformed address without asking", () => {
    expect(emailPrecheck("ada@")).toMatchObject({ kind: "invalid" });
  });
});
