import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { MESSAGES, type ErrorCode } from "@p2p/shared";
import type { Db, Tx } from "../db/client.js";
import { profiles, users } from "../db/schema.js";
import { AppError } from "../http/errors.js";

type Conflict = { code: ErrorCode; field: string; message: string };
export type ConflictField = "username" | "phone" | "email";

/** The spec's texts: sign-up words them one way (spec §5), complete-profile another. */
export const SIGN_UP_CONFLICTS = {
  username: { code: "USERNAME_TAKEN", field: "username", message: MESSAGES.usernameTakenSignUp },
  phone: { code: "PHONE_TAKEN", field: "phone_number", message: MESSAGES.phoneTakenSignUp },
  email: { code: "EMAIL_TAKEN", field: "email", message: MESSAGES.emailRegistered },
} as const satisfies Record<string, Conflict>;

export const PROFILE_CONFLICTS = {
  username: { code: "USERNAME_TAKEN", field: "username", message: MESSAGES.usernameTakenProfile },
  phone: { code: "PHONE_TAKEN", field: "phone_number", message: MESSAGES.phoneTakenProfile },
} as const satisfies Record<string, Conflict>;

/** Which unique constraint guards which field. */
const CONSTRAINT_FIELD = new Map<string, ConflictField>([
  ["profiles_username_lower_key", "username"],
  ["profiles_phone_number_key", "phone"],
  ["users_email_unique", "email"],
]);

export function fieldOfConstraint(constraint: string): ConflictField | null {
  return CONSTRAINT_FIELD.get(constraint) ?? null;
}

export function conflictError(conflict: Conflict, others: Conflict[] = []): AppError {
  const fields = Object.fromEntries([conflict, ...others].map((c) => [c.field, c.message]));
  return new AppError(conflict.code, conflict.message, fields);
}

export const usernameMatches = (username: string): SQL => sql`lower(${profiles.username}) = lower(${username})`;

/** Which of username, phone and email already belong to someone other than `exceptUserId`. */
export async function takenFields(
  db: Db | Tx,
  input: { username?: string; phoneNumber?: string; email?: string },
  exceptUserId?: string,
): Promise<ConflictField[]> {
  const notMe = (column: typeof profiles.id | typeof users.id) => (exceptUserId ? ne(column, exceptUserId) : undefined);
  const [username, phone, email] = await Promise.all([
    input.username === undefined
      ? []
      : db
          .select({ id: profiles.id })
          .from(profiles)
          .where(and(usernameMatches(input.username), notMe(profiles.id)))
          .limit(1),
    input.phoneNumber === undefined
      ? []
      : db
          .select({ id: profiles.id })
          .from(profiles)
          .where(and(eq(profiles.phoneNumber, input.phoneNumber), notMe(profiles.id)))
          .limit(1),
    input.email === undefined
      ? []
      : db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, input.email), notMe(users.id)))
          .limit(1),
  ]);
  const taken: ConflictField[] = [];
  if (username.length) taken.push("username");
  if (phone.length) taken.push("phone");
  if (email.length) taken.push("email");
  return taken;
}
