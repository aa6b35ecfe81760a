import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import "./i18n";
import { Trans } from "./trans";

const render = (i18nKey: string, values: Record<string, string | number> = {}, components = {}) =>
  renderToStaticMarkup(createElement(Trans, { i18nKey, values, components }));

describe("Trans", () => {
  it("wraps each tag's text in its component, nested ones too", () => {
    const html = render(
      "Read the <terms>Terms and the <b>fees</b></terms> first.",
      {},
      { terms: createElement("a", { href: "/terms" }), b: createElement("b") },
    );
    expect(html).toBe('Read the <a href="/terms">Terms and the <b>fees</b></a> first.');
  });

  it("puts a value in as text even when it looks like markup", () => {
    const html = render("Hello <name>{{username}}</name>", { username: "<b>ada</b> & co" }, { name: createElement("span"), b: createElement("b") });
    expect(html).toBe("Hello <span>&lt;b&gt;ada&lt;/b&gt; &amp; co</span>");
  });

  it("picks the plural form from count", () => {
    // English's catalog has the one-form of this key: "{{count}} day".
    expect(render("{{count}} days", { count: 1 })).toBe("1 day");
    expect(render("{{count}} days", { count: 3 })).toBe("3 days");
  });

  it("leaves a tag with no component, or unclosed, as written", () => {
    expect(render("a <x>b</x> <b>c", {}, { b: createElement("b") })).toBe("a &lt;x&gt;b&lt;/x&gt; &lt;b&gt;c");
  });

  it("renders a self-closing tag as its component alone", () => {
    expect(render("one<br/>two", {}, { br: createElement("br") })).toBe("one<br/>two");
  });
});
