import { PRODUCT_NAME } from "@p2p/shared";
import type { Mail } from "../mail/mailer.js";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** "Your password was changed": sent when a signed-in person changes (or first sets) their password. */
export function passwordChangedHereMail(to: string, fullName: string, firstPassword: boolean): Mail {
  const lines = [
    `Hello ${fullName},`,
    firstPassword
      ? `A password was just set on your ${PRODUCT_NAME} account. You can now sign in with your email and password as well as with Google.`
      : `Your ${PRODUCT_NAME} password was just changed.`,
    "Every other device was signed out. Withdrawals are paused for 24 hours.",
    "If this was not you, reset your password at once and contact support.",
  ];
  return {
    to,
    subject: `Your ${PRODUCT_NAME} password was changed`,
    text: lines.join("\n\n") + "\n",
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px">
<h2>${escape(PRODUCT_NAME)}</h2>
${lines.map((p) => `<p>${escape(p)}</p>`).join("\n")}
</body></html>`,
  };
}
