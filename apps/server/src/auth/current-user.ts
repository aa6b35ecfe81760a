import type { FastifyRequest } from "fastify";
import { and, eq, gt, isNull } from "drizzle-orm";
import { DEFAULT_ROLE, type Role, ADMIN_TEXTS, AUTH_MESSAGES } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { sessions, userRoles, users } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "./cookies.js";
import { verifyAccessToken } from "./tokens.js";

export type AuthUser = { id: string; role: Role; sessionId: string; email: string };

function bearer(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7);
  return req.cookies?.[ACCESS_COOKIE];
}

/**
 * The signed-in caller, or null. The token's signature and expiry are checked, then the session
 * row, so a revoked session or a suspended account stops working at once.
 */
export async function currentUser(req: FastifyRequest, db: Db, secret: string): Promise<AuthUser | null> {
  const cached = (req as { authUser?: AuthUser | null }).authUser;
  if (cached !== undefined) return cached;
  const token = bearer(req);
  if (!token) {
    // The browser drops the access cookie when it lapses; a refresh cookie means "refresh, then retry".
    if (req.cookies?.[REFRESH_COOKIE]) throw new AppError("TOKEN_EXPIRED", AUTH_MESSAGES.sessionNeedsRefresh);
    return null;
  }
  const verified = verifyAccessToken(token, secret);
  if (!verified.ok) {
    if (verified.reason === "expired") throw new AppError("TOKEN_EXPIRED", AUTH_MESSAGES.sessionNeedsRefresh);
    return null;
  }
  const [row] = await db
    .select({ id: users.id, email: users.email, role: userRoles.role, suspendedAt: users.suspendedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(
      and(
        eq(sessions.id, verified.claims.sid),
        eq(sessions.userId, verified.claims.uid),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  const user = row && !row.suspendedAt
    ? { id: row.id, email: row.email, role: row.role ?? DEFAULT_ROLE, sessionId: verified.claims.sid }
    : null;
  (req as { authUser?: AuthUser | null }).authUser = user;
  return user;
}

export async function requireUser(req: FastifyRequest, db: Db, secret: string): Promise<AuthUser> {
  const user = await currentUser(req, db, secret);
  if (!user) throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.signInRequired);
  return user;
}

export async function requireRole(req: FastifyRequest, db: Db, secret: string, ...roles: Role[]): Promise<AuthUser> {
  const user = await requireUser(req, db, secret);
  if (!roles.includes(user.role)) throw new AppError("FORBIDDEN", ADMIN_TEXTS.noAccess);
  return user;
}
