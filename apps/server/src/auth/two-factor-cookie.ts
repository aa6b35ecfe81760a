import type { FastifyReply } from "fastify";
import { SIGN_IN_CHALLENGE_TTL_SECONDS } from "@p2p/shared";

/** The challenge of a Google sign-in that still needs its two-factor code (never readable by page scripts). */
export const TWO_FACTOR_COOKIE = "__Host-p2p_2fa";

const BASE = { httpOnly: true, secure: true, sameSite: "lax", path: "/" } as const;

export function setTwoFactorCookie(reply: FastifyReply, challengeToken: string): void {
  reply.setCookie(TWO_FACTOR_COOKIE, challengeToken, { ...BASE, maxAge: SIGN_IN_CHALLENGE_TTL_SECONDS });
}

export function clearTwoFactorCookie(reply: FastifyReply): void {
  reply.clearCookie(TWO_FACTOR_COOKIE, BASE);
}
