import { PRODUCT_NAME } from "@p2p/shared";
import type { Mail } from "./mailer.js";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function layout(paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p>${escape(p)}</p>`).join("\n");
  const button = action
    ? `<p><a href="${escape(action.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#059669;color:#fff;text-decoration:none">${escape(action.label)}</a></p>
<p style="color:#64748b;font-size:13px">Or open this link: ${escape(action.url)}</p>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px">
<h2>${escape(PRODUCT_NAME)}</h2>
${body}
${button}
</body></html>`;
}

export function confirmEmailMail(to: string, fullName: string, link: string): Mail {
  const lines = [
    `Hello ${fullName},`,
    `Welcome to ${PRODUCT_NAME}. Confirm your email address to finish creating your account.`,
    "The link works once and expires in 24 hours. If you did not sign up, ignore this email.",
  ];
  return {
    to,
    subject: `Confirm your ${PRODUCT_NAME} account`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: layout(lines, { label: "Confirm my email", url: link }),
  };
}

export function resetPasswordMail(to: string, fullName: string, link: string): Mail {
  const lines = [
    `Hello ${fullName},`,
    `Someone asked to reset the password of your ${PRODUCT_NAME} account. Choose a new password here:`,
    "The link works once and expires in 1 hour. If you did not ask for this, ignore this email: your password stays the same.",
  ];
  return {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: layout(lines, { label: "Choose a new password", url: link }),
  };
}

export function passwordChangedMail(to: string, fullName: string): Mail {
  const lines = [
    `Hello ${fullName},`,
    `The password of your ${PRODUCT_NAME} account was just changed and every device was signed out. Withdrawals are paused for 24 hours.`,
    "If this was not you, reset your password at once and contact support.",
  ];
  return {
    to,
    subject: `Your ${PRODUCT_NAME} password was changed`,
    text: lines.join("\n\n") + "\n",
    html: layout(lines),
  };
}
