import { describe, expect, it } from "vitest";
import { csvField, csvRecord } from "./csv.js";

describe("csvField", () => {
  it("quotes fields holding quotes, commas or line breaks, doubling the quotes (RFC 4180)", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("Lagos, Nigeria")).toBe('"Lagos, Nigeria"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rlf")).toBe('"cr\rlf"');
    expect(csvField("₦1,500.00 — Ọlá")).toBe('"₦1,500.00 — Ọlá"');
  });

  it("writes nothing for null, and numbers and booleans as they read", () => {
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(42)).toBe("42");
    expect(csvField(true)).toBe("true");
  });

  it("neutralizes text a spreadsheet would run as a formula, however it starts", () => {
    expect(csvField('=HYPERLINK("http://evil.example","Click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csvField("+1+cmd|' /C calc'!A0")).toBe("'+1+cmd|' /C calc'!A0");
    expect(csvField("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvField("@SUM(A1:A9)")).toBe("'@SUM(A1:A9)");
    expect(csvField("\t=1+1")).toBe("'\t=1+1");
    expect(csvField("\r=1+1")).toBe(`"'\r=1+1"`);
    expect(csvField("a=1")).toBe("a=1");
  });

  it("leaves plain decimal numbers alone, negative ones included", () => {
    expect(csvField("-12.50000000")).toBe("-12.50000000");
    expect(csvField("1500.00")).toBe("1500.00");
    expect(csvField("-")).toBe("'-");
  });
});

describe("csvRecord", () => {
  it("joins the fields with commas and ends with CRLF", () => {
    expect(csvRecord(["a", null, 'b"c', 3])).toBe('a,,"b""c",3\r\n');
  });
});
