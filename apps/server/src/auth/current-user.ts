import type { FastifyRequest } from "fastify";
import { DEFAULT_ROLE, type Role, ADMIN_TEXTS, AUTH_MESSAGES } from "@p2p/shared";
import type { Db } from "../db/client.js";
import { prepared, runPrepared } from "../db/prepared-query.js";
import { AppError } from "../http/errors.js";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "./cookies.js";
import { verifyAccessToken } from "./tokens.js";
import { endedSessionError } from "./ended-session.js";

/** How far behind a session's "last used" may be (the sessions list says when each device was last active). */
const LAST_USED_STEP = "5 minutes";

/**
 * A session row `s` that still works for this user: not revoked, not expired. The one rule the
 * session check here and a move's own check (session-proof.ts) read a session by.
 */
export function sessionWorksSql(sessionParam: string, userParam: string): string {
  return `s.id = ${sessionParam}::uuid and s.user_id = ${userParam}::uuid and s.revoked_at is null and s.expires_at > now()`;
}

/** "Last used" in the sessions list, kept to this step: one write per session per step, not per request. */
export function sessionSeenSql(sessionParam: string): string {
  return sessionsSeenSql(`= ${sessionParam}::uuid`);
}

/** `sessionSeenSql` for every session whose id passes `idTest` (`= $1::uuid`, `= any (array(select …))`). */
export function sessionsSeenSql(idTest: string): string {
  return `update sessions set last_seen_at = now()
    where id ${idTest} and last_seen_at < now() - interval '${LAST_USED_STEP}' and revoked_at is null`;
}

export type AuthUser = { id: string; role: Role; sessionId: string; email: string };

export function bearer(req: FastifyRequest): string | undefined {
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
  const [row] = await runPrepared<{ id: string; email: string; role: Role | null; suspended: boolean; stale: boolean }>(db, SESSION_USER, [
    verified.claims.sid,
    verified.claims.uid,
  ]);
  if (row?.stale && !row.suspended) await runPrepared(db, SESSION_SEEN, [verified.claims.sid]);
  const user = row && !row.suspended ? { id: row.id, email: row.email, role: row.role ?? DEFAULT_ROLE, sessionId: verified.claims.sid } : null;
  (req as { authUser?: AuthUser | null }).authUser = user;
  // A signed token whose session no longer works: requireUser says why.
  if (!user) (req as EndedRequest).endedSessionId = verified.claims.sid;
  return user;
}

/**
 * Every signed-in request runs it: a prepared statement, planned once per connection. `stale`: the
 * session's "last used" is more than LAST_USED_STEP old, so this request moves it to now.
 */
const SESSION_USER = prepared(`
  select u.id, u.email, r.role, u.suspended_at is not null as suspended,
    s.last_seen_at < now() - interval '${LAST_USED_STEP}' as stale
  from sessions s
  join users u on u.id = s.user_id
  left join user_roles r on r.user_id = u.id
  where ${sessionWorksSql("$1", "$2")}
  limit 1`);

const SESSION_SEEN = prepared(sessionSeenSql("$1"));

type EndedRequest = { endedSessionId?: string };

export async function requireUser(req: FastifyRequest, db: Db, secret: string): Promise<AuthUser> {
  const user = await currentUser(req, db, secret);
  if (user) return user;
  const ended = (req as EndedRequest).endedSessionId;
  throw ended ? await endedSessionError(db, { sessionId: ended }) : new AppError("UNAUTHENTICATED", AUTH_MESSAGES.signInRequired);
}

export async function requireRole(req: FastifyRequest, db: Db, secret: string, ...roles: Role[]): Promise<AuthUser> {
  const user = await requireUser(req, db, secret);
  if (!roles.includes(user.role)) throw new AppError("FORBIDDEN", ADMIN_TEXTS.noAccess);
  return user;
}
