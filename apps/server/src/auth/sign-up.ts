import type { z } from "zod";
import { asc, sql } from "drizzle-orm";
import { referralIdPrefix, type Language, type signUpRequest } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { profiles, referrals } from "../db/schema.js";
import { uniqueViolation } from "../db/unique-violation.js";
import { AppError } from "../http/errors.js";
import { queueMail } from "../mail/mailer.js";
import { confirmEmailMail } from "../mail/auth-mails.js";
import { conflictError, fieldOfConstraint, SIGN_UP_CONFLICTS, takenFields } from "./account-conflicts.js";
import { insertAccount } from "./create-account.js";
import { issueOneTimeToken } from "./one-time-tokens.js";
import { hashPassword, isCommonPassword, PASSWORD_TOO_COMMON_MESSAGE } from "./passwords.js";
import { normalizePhone } from "./phone-number.js";
import { transact, savepoint } from "../db/transact.js";

type Input = z.output<typeof signUpRequest>;

/**
 * Creates the account (user, profile, role user), the referral when the code points at someone,
 * and the confirmation mail, all in one transaction. Duplicates answer with the spec's texts,
 * also when two sign-ups race for the same username, phone or email. `language` is the one the
 * sign-up came in (requestLanguage): the profile starts in it. The phone number is stored in
 * E.164, however it was typed (phone-number.ts).
 */
export async function signUp(db: Db, publicUrl: string, input: Input, language: Language): Promise<{ userId: string }> {
  if (isCommonPassword(input.password)) {
    throw new AppError("PASSWORD_TOO_COMMON", PASSWORD_TOO_COMMON_MESSAGE, { password: PASSWORD_TOO_COMMON_MESSAGE });
  }
  const phoneNumber = normalizePhone(input.phone_number);
  const taken = await takenFields(db, { username: input.username, phoneNumber, email: input.email });
  if (taken.length > 0) {
    const [first, ...rest] = taken.map((f) => SIGN_UP_CONFLICTS[f]);
    throw conflictError(first!, rest);
  }
  const passwordHash = await hashPassword(input.password);

  try {
    return await transact(db, async (tx) => {
      const userId = await insertAccount(tx, {
        email: input.email,
        fullName: input.full_name,
        passwordHash,
        username: input.username,
        phoneNumber,
        emailConfirmed: false,
        language,
      });
      if (input.referral_code) await recordReferral(tx, userId, input.referral_code);
      const token = await issueOneTimeToken(tx, userId, "confirm_email");
      const link = `${publicUrl}/api/auth/confirm?token=${encodeURIComponent(token)}`;
      await queueMail(tx, confirmEmailMail({ email: input.email, fullName: input.full_name, language }, link));
      return { userId };
    });
  } catch (err) {
    const field = fieldOfConstraint(uniqueViolation(err) ?? "");
    if (field) throw conflictError(SIGN_UP_CONFLICTS[field]);
    throw err;
  }
}

/**
 * Spec §5: the code's 8 hex characters, lowercased, are matched against the start of a profile
 * id; the first match is the referrer. Any failure is silent, so it runs in a savepoint.
 */
async function recordReferral(tx: Tx, referredId: string, code: string): Promise<void> {
  const prefix = referralIdPrefix(code);
  if (!prefix) return;
  try {
    await savepoint(tx, async (sp) => {
      const [referrer] = await sp
        .select({ id: profiles.id })
        .from(profiles)
        .where(sql`left(${profiles.id}::text, 8) = ${prefix} and ${profiles.id} <> ${referredId}`)
        .orderBy(asc(profiles.createdAt), asc(profiles.id))
        .limit(1);
      if (!referrer) return;
      await sp.insert(referrals).values({ referrerId: referrer.id, referredId, referralCode: code });
    });
  } catch {
    // Referral failures are silent (spec §5); the account is created regardless.
  }
}
