import { PRODUCT_NAME } from "@p2p/shared";
import { translatorFor } from "../i18n/i18n.js";
import { mailHtml, type Recipient } from "./layout.js";
import type { Mail } from "./mailer.js";

const product = PRODUCT_NAME;

export function confirmEmailMail(to: Recipient, link: string): Mail {
  const tr = translatorFor(to.language);
  const lines = [
    tr.t("Hello {{name}},", { name: to.fullName }),
    tr.t("Welcome to {{product}}. Confirm your email address to finish creating your account.", { product }),
    tr.t("The link works once and expires in 24 hours. If you did not sign up, ignore this email."),
  ];
  return {
    to: to.email,
    subject: tr.t("Confirm your {{product}} account", { product }),
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: mailHtml(tr, lines, { label: tr.t("Confirm my email"), url: link }),
  };
}

export function resetPasswordMail(to: Recipient, link: string): Mail {
  const tr = translatorFor(to.language);
  const lines = [
    tr.t("Hello {{name}},", { name: to.fullName }),
    tr.t("Someone asked to reset the password of your {{product}} account. Choose a new password here:", { product }),
    tr.t("The link works once and expires in 1 hour. If you did not ask for this, ignore this email: your password stays the same."),
  ];
  return {
    to: to.email,
    subject: tr.t("Reset your {{product}} password", { product }),
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: mailHtml(tr, lines, { label: tr.t("Choose a new password"), url: link }),
  };
}

/** After a reset through the mailed link: every device was signed out (and a recent two-factor removed). */
export function passwordChangedMail(to: Recipient, reset: { twoFactorRemoved: boolean } = { twoFactorRemoved: false }): Mail {
  const tr = translatorFor(to.language);
  const lines = [
    tr.t("Hello {{name}},", { name: to.fullName }),
    tr.t("The password of your {{product}} account was just changed and every device was signed out. Withdrawals are paused for 24 hours.", {
      product,
    }),
    ...(reset.twoFactorRemoved
      ? [tr.t("Two-factor authentication, turned on in the last 72 hours, was removed with the reset. Turn it on again in Settings if it was yours.")]
      : []),
    tr.t("If this was not you, reset your password at once and contact support."),
  ];
  return {
    to: to.email,
    subject: tr.t("Your {{product}} password was changed", { product }),
    text: lines.join("\n\n") + "\n",
    html: mailHtml(tr, lines),
  };
}

/** A signed-in person changed (or first set) their password: every other device was signed out. */
export function passwordChangedHereMail(to: Recipient, firstPassword: boolean): Mail {
  const tr = translatorFor(to.language);
  const lines = [
    tr.t("Hello {{name}},", { name: to.fullName }),
    firstPassword
      ? tr.t("A password was just set on your {{product}} account. You can now sign in with your email and password as well as with Google.", {
          product,
        })
      : tr.t("Your {{product}} password was just changed.", { product }),
    tr.t("Every other device was signed out. Withdrawals are paused for 24 hours."),
    tr.t("If this was not you, reset your password at once and contact support."),
  ];
  return {
    to: to.email,
    subject: tr.t("Your {{product}} password was changed", { product }),
    text: lines.join("\n\n") + "\n",
    html: mailHtml(tr, lines),
  };
}
