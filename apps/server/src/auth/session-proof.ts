import type { FastifyRequest } from "fastify";
import { DEFAULT_ROLE, ROLES, type Role } from "@p2p/shared";
import type { Params } from "../db/prepared-query.js";
import { bearer, sessionSeenSql, sessionWorksSql } from "./current-user.js";
import { verifyAccessToken } from "./tokens.js";

/**
 * An order move taken on its token's word, its session checked by the move itself.
 *
 * Every signed-in request reads its session row before anything else (current-user.ts): one
 * statement and one round trip of its own. A move by a person instead carries the check inside
 * its own statement, the compare-and-set or the new order's insert (`sessionLiveSql`): the order
 * moves only if the session is live, the account is not suspended and the role is still the one
 * the token was signed with. The caller is built from the token alone (`claimedCaller`) with a
 * pending `SessionProof`, which the move's statement turns true. Whatever else happens, the request is answered as it always was: any refusal or
 * failure on the token's word is dropped, rolled back and nothing stored, and the request runs
 * again with the session read first. So a revoked session still changes nothing and learns
 * nothing, and a refusal is the same refusal as before.
 */
export type SessionProof = {
  readonly sessionId: string;
  /** A statement that changed something for the caller found the session live. */
  proven: boolean;
  /** The work committed and its answer is on its way (http/idempotency.ts): the request must not run again. */
  answered: boolean;
};

/** A caller known from a valid token that names its role: id and role as claimed, the session still to be proved. */
export type ClaimedCaller = { id: string; role: Role; unproven: SessionProof };

export function claimedCaller(req: FastifyRequest, secret: string): ClaimedCaller | null {
  const token = bearer(req);
  if (!token) return null;
  const verified = verifyAccessToken(token, secret);
  if (!verified.ok) return null;
  const { sid, uid, rol } = verified.claims;
  if (!rol || !ROLES.includes(rol)) return null;
  return { id: uid, role: rol, unproven: { sessionId: sid, proven: false, answered: false } };
}

/** The proof a person's statement must still give, if their caller came from `claimedCaller`. */
export function pendingProof(caller: { unproven?: SessionProof }): SessionProof | undefined {
  return caller.unproven && !caller.unproven.proven ? caller.unproven : undefined;
}

/**
 * SQL, true while the session in the proof works for this user (current-user.ts's rule), the
 * account is not suspended and its role is still this one.
 */
export function sessionLiveSql(params: Params, proof: SessionProof, userParam: string, role: Role): string {
  return liveSessionSql(params.add(proof.sessionId), userParam, params.add(role));
}

/**
 * SQL, true while session `sessionExpr` works for user `userExpr` (current-user.ts's rule) and the
 * account is not suspended; with `roleExpr`, also while the account's role is that one. Without a
 * role, for work whose right does not come from one (a party's message in their order's chat:
 * chat/insert-chat-messages.ts).
 */
export function liveSessionSql(sessionExpr: string, userExpr: string, roleExpr?: string): string {
  const roles = roleExpr ? " left join user_roles r on r.user_id = u.id" : "";
  const role = roleExpr ? ` and coalesce(r.role::text, '${DEFAULT_ROLE}') = ${roleExpr}::text` : "";
  return `exists (select 1 from sessions s join users u on u.id = s.user_id${roles}
    where ${sessionWorksSql(sessionExpr, userExpr)} and u.suspended_at is null${role})`;
}

/** A CTE moving the session's "last used" forward as current-user.ts does, for a statement that proves it. */
export function sessionSeenWrite(params: Params, proof: SessionProof): string {
  return `seen as (${sessionSeenSql(params.add(proof.sessionId))})`;
}

/** Thrown where a request taken on its token's word would end without its session proved: it runs again, the session read first. */
export class SessionUnproven extends Error {
  constructor() {
    super("The request's session was not proved by its statements.");
  }
}

export function requireProven(proof: SessionProof | undefined): void {
  if (proof && !proof.proven) throw new SessionUnproven();
}
