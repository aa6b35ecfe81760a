import { PRODUCT_NAME } from "@p2p/shared";
import { translatorFor, type Translator } from "../i18n/i18n.js";
import { mailHtml, type Recipient } from "./layout.js";
import type { Mail } from "./mailer.js";

const product = PRODUCT_NAME;

/** A notice to the account's owner: greeting, what happened, and what to do if it was not them. */
function notice(to: Recipient, subject: (tr: Translator) => string, body: (tr: Translator) => string[]): Mail {
  const tr = translatorFor(to.language);
  const lines = [
    tr.t("Hello {{name}},", { name: to.fullName }),
    ...body(tr),
    tr.t("If this was not you, reset your password at once and contact support."),
  ];
  return { to: to.email, subject: subject(tr), text: lines.join("\n\n") + "\n", html: mailHtml(tr, lines) };
}

const securitySubject = (tr: Translator) => tr.t("Security alert for your {{product}} account", { product });

/** The account's budget of wrong two-factor codes is spent: someone with a session may be guessing. */
export function codeLockoutMail(to: Recipient): Mail {
  return notice(to, securitySubject, (tr) => [
    tr.t(
      "Too many wrong two-factor codes were entered on your {{product}} account. Code checks, and with them releases and withdrawals, are paused for an hour.",
      { product },
    ),
  ]);
}

export type SecurityChange = "two_factor_on" | "two_factor_off" | "recovery_codes" | "other_devices_signed_out" | "device_signed_out";

/** A signed-in security change (the password change has its own mail). */
export function securityChangeMail(to: Recipient, change: SecurityChange): Mail {
  return notice(to, securitySubject, (tr) => [
    {
      two_factor_on: () => tr.t("Two-factor authentication was turned on for your {{product}} account.", { product }),
      two_factor_off: () => tr.t("Two-factor authentication was turned off for your {{product}} account.", { product }),
      recovery_codes: () => tr.t("New two-factor recovery codes were made for your {{product}} account; the old ones no longer work.", { product }),
      other_devices_signed_out: () => tr.t("Every other device was signed out of your {{product}} account.", { product }),
      device_signed_out: () => tr.t("A device was signed out of your {{product}} account.", { product }),
    }[change](),
    ...(change === "two_factor_on"
      ? [tr.t("If you did not do this, reset your password by email within 72 hours: the reset removes two-factor turned on in that time.")]
      : []),
  ]);
}

/** A sign-in from a browser or app the account had not used before. */
export function newDeviceSignInMail(to: Recipient, device: string, ip: string | null): Mail {
  return notice(
    to,
    (tr) => tr.t("New sign-in to your {{product}} account", { product }),
    (tr) => [
      tr.t("Your {{product}} account was just signed in to from a new device: {{device}} (IP address {{ip}}).", {
        product,
        device,
        ip: ip ?? "?",
      }),
    ],
  );
}

/** The account asked to send coins out. */
export function withdrawalRequestedMail(to: Recipient, withdrawal: { amount: string; coin: string; address: string }): Mail {
  return notice(
    to,
    (tr) => tr.t("Withdrawal requested on your {{product}} account", { product }),
    (tr) => [tr.t("A withdrawal of {{amount}} {{coin}} to {{address}} was requested from your {{product}} account.", { ...withdrawal, product })],
  );
}

/** The right password after too many failures elsewhere: the session comes through this link. */
export function signInLinkMail(to: Recipient, link: string): Mail {
  const tr = translatorFor(to.language);
  const lines = [
    tr.t("Hello {{name}},", { name: to.fullName }),
    tr.t(
      "Many wrong passwords were tried on your {{product}} account, so signing in now also takes this link. Open it on the device where you signed in:",
      { product },
    ),
    tr.t("The link works once and expires in 15 minutes. If you did not just sign in, someone knows your password: reset it at once."),
  ];
  return {
    to: to.email,
    subject: tr.t("Finish signing in to {{product}}", { product }),
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: mailHtml(tr, lines, { label: tr.t("Finish signing in"), url: link }),
  };
}
