export const ROLES = ["user", "merchant", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = "user";

export const ROLE_LABELS: Record<Role, string> = {
  user: "User",
  merchant: "Merchant",
  admin: "Admin",
};
