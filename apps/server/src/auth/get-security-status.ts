import { and, count, eq, isNotNull, isNull } from "drizzle-orm";
import type { SecurityStatus } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { twoFactorRecoveryCodes, twoFactorSecrets, users } from "../db/schema.js";

/** What the Security settings show: a password or not (Google-only), two-factor on or off. */
export async function getSecurityStatus(db: Db, userId: string): Promise<SecurityStatus> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, enabledAt: twoFactorSecrets.enabledAt })
    .from(users)
    .leftJoin(twoFactorSecrets, and(eq(twoFactorSecrets.userId, users.id), isNotNull(twoFactorSecrets.enabledAt)))
    .where(eq(users.id, userId));
  const [codes] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  const enabled = Boolean(row?.enabledAt);
  return {
    has_password: Boolean(row?.passwordHash),
    two_factor_enabled: enabled,
    recovery_codes_left: enabled ? (codes?.n ?? 0) : 0,
  };
}
