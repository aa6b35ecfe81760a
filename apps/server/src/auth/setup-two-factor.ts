import { eq } from "drizzle-orm";
import { SECURITY_MESSAGES, type TwoFactorSetup } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { twoFactorSecrets, users } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { newTotpSecret, otpauthUri, sealSecret } from "./totp.js";
import { transact } from "../db/transact.js";

/**
 * Starts turning two-factor on: a new secret, kept unconfirmed until a code from it arrives
 * (enable-two-factor). Starting again replaces an unconfirmed secret; an enabled one stays.
 * The secret is answered this once and never again.
 */
export async function setupTwoFactor(db: Db, sessionSecret: string, userId: string): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  const sealed = sealSecret(secret, sessionSecret);
  const email = await transact(db, async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for("update");
    const [existing] = await tx.select({ enabledAt: twoFactorSecrets.enabledAt }).from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
    if (existing?.enabledAt) throw new AppError("CONFLICT", SECURITY_MESSAGES.twoFactorAlreadyOn);
    await tx
      .insert(twoFactorSecrets)
      .values({ userId, secretSealed: sealed })
      .onConflictDoUpdate({
        target: twoFactorSecrets.userId,
        set: { secretSealed: sealed, enabledAt: null, lastUsedStep: null, createdAt: new Date() },
      });
    return user!.email;
  });
  return { secret, otpauth_uri: otpauthUri(secret, email) };
}
