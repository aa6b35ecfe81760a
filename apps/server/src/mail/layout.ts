import { languageInfo, PRODUCT_NAME } from "@p2p/shared";
import type { Translator } from "../i18n/i18n.js";

/** Who a mail goes to, and the language it is written in (the account's). */
export type Recipient = { email: string; fullName: string; language: string };

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The HTML body: the product's name, the paragraphs, and a button when the mail has a link. Arabic reads right to left. */
export function mailHtml(tr: Translator, paragraphs: string[], action?: { label: string; url: string }): string {
  const { locale, dir } = languageInfo(tr.language);
  const body = paragraphs.map((p) => `<p>${escape(p)}</p>`).join("\n");
  const button = action
    ? `<p><a href="${escape(action.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#059669;color:#fff;text-decoration:none">${escape(action.label)}</a></p>
<p style="color:#64748b;font-size:13px">${escape(tr.t("Or open this link: {{url}}", { url: action.url }))}</p>`
    : "";
  return `<!doctype html><html lang="${locale}" dir="${dir}"><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px">
<h2>${escape(PRODUCT_NAME)}</h2>
${body}
${button}
</body></html>`;
}
