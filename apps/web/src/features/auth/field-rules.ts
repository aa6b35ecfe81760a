import { MESSAGES, msg } from "@p2p/shared";
import { api } from "@/lib/api";
import type { FieldCheckRule } from "./field-check";
import { emailPrecheck, phonePrecheck, usernamePrecheck } from "./field-prechecks";

type OwnedRuleOptions = {
  /** The spec words sign-up and complete-profile duplicates differently (§5). */
  takenMessage: string;
  /** The signed-in user's current value, which is theirs to keep. */
  own?: string | null;
};

export function usernameRule({ takenMessage, own }: OwnedRuleOptions): FieldCheckRule {
  return {
    precheck: (value) => usernamePrecheck(value, own),
    isAvailable: async (username, signal) =>
      (await api<{ available: boolean }>(`/api/auth/check-username?${new URLSearchParams({ username })}`, { signal })).available,
    takenMessage,
    availableMessage: msg("Username is available"),
  };
}

export function phoneRule({ takenMessage, own }: OwnedRuleOptions): FieldCheckRule {
  return {
    precheck: (value) => phonePrecheck(value, own),
    isAvailable: async (phone_number, signal) =>
      (await api<{ available: boolean }>(`/api/auth/check-phone?${new URLSearchParams({ phone_number })}`, { signal })).available,
    takenMessage,
    availableMessage: msg("Phone number is available"),
  };
}

export const emailRule: FieldCheckRule = {
  precheck: emailPrecheck,
  isAvailable: async (email_to_check, signal) =>
    !(await api<{ exists: boolean }>("/api/auth/check-email", { body: { email_to_check }, signal })).exists,
  takenMessage: MESSAGES.emailRegistered,
  availableMessage: msg("Email is available"),
};
