import { parsePhoneNumberFromString } from "libphonenumber-js";
import { PHONE_INVALID } from "@p2p/shared";
import { AppError } from "../http/errors.js";

/** A number typed without a country code is Nigerian ("0803 000 0004" is +2348030000004). */
const DEFAULT_REGION = "NG";

/**
 * A phone number as stored and compared: E.164 ("+2348030000004"), whichever way it was typed
 * (local, international, with spaces, dashes or brackets). Every write and every lookup of
 * profiles.phone_number goes through it, so one number is one value and the unique index holds;
 * a merchant application's contact phone is stored the same way.
 * A number of an impossible length for its country answers 400 on its field.
 */
export function normalizePhone(typed: string, field = "phone_number"): string {
  const e164 = toE164(typed);
  if (!e164) throw new AppError("VALIDATION_FAILED", `${field}: ${PHONE_INVALID}`, { [field]: PHONE_INVALID });
  return e164;
}

/** The number in E.164, or null when it cannot be a phone number (a search term, say). */
export function toE164(typed: string): string | null {
  const parsed = parsePhoneNumberFromString(typed, DEFAULT_REGION);
  return parsed?.isPossible() ? parsed.number : null;
}
