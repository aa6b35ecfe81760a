import { msg } from "./i18n/languages.js";
export const ROLES = ["user", "merchant", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = "user";

export const ROLE_LABELS: Record<Role, string> = {
  user: msg("User"),
  merchant: msg("Merchant"),
  admin: msg("Admin"),
};
