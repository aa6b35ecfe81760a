import { AUTH_MESSAGES } from "@p2p/shared";
import type { z } from "zod";
import { eq, sql } from "drizzle-orm";
import type { completeProfileRequest, Me } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { profiles } from "../db/schema.js";
import { uniqueViolation } from "../db/unique-violation.js";
import { conflictError, fieldOfConstraint, PROFILE_CONFLICTS, takenFields } from "../auth/account-conflicts.js";
import { loadMe } from "../auth/load-me.js";
import { normalizePhone } from "../auth/phone-number.js";
import { AppError } from "../http/errors.js";

type Input = z.output<typeof completeProfileRequest>;

/**
 * Sets the caller's own username and phone number (spec /complete-profile). Taken values answer
 * with the spec's profile texts, also when two requests race for the same one. The phone number
 * is stored in E.164, however it was typed (auth/phone-number.ts).
 */
export async function completeProfile(db: Db, userId: string, input: Input): Promise<Me> {
  const phoneNumber = normalizePhone(input.phone_number);
  const taken = (await takenFields(db, { username: input.username, phoneNumber }, userId)).filter((f) => f !== "email");
  if (taken.length > 0) {
    const [first, ...rest] = taken.map((f) => PROFILE_CONFLICTS[f]);
    throw conflictError(first!, rest);
  }
  try {
    await db
      .update(profiles)
      .set({ username: input.username, phoneNumber, updatedAt: sql`now()` })
      .where(eq(profiles.id, userId));
  } catch (err) {
    const field = fieldOfConstraint(uniqueViolation(err) ?? "");
    if (field === "username" || field === "phone") throw conflictError(PROFILE_CONFLICTS[field]);
    throw err;
  }
  const me = await loadMe(db, userId);
  if (!me) throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.signInRequired);
  return me;
}
