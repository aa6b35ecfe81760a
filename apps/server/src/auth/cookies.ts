import type { FastifyReply } from "fastify";
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from "@p2p/shared";

/** __Host- cookies: Secure, Path=/, no Domain, so no other site or subdomain can set or read them. */
export const ACCESS_COOKIE = "__Host-p2p_at";
export const REFRESH_COOKIE = "__Host-p2p_rt";
/** The Google sign-in's PKCE verifier, state and nonce, for the few minutes of the round trip. */
export const OIDC_FLOW_COOKIE = "__Host-p2p_oidc";

const BASE = { httpOnly: true, secure: true, sameSite: "lax", path: "/" } as const;

export function setAccessCookie(reply: FastifyReply, accessToken: string): void {
  reply.setCookie(ACCESS_COOKIE, accessToken, { ...BASE, maxAge: ACCESS_TOKEN_TTL_SECONDS });
}

export function setSessionCookies(reply: FastifyReply, tokens: { accessToken: string; refreshToken: string }): void {
  setAccessCookie(reply, tokens.accessToken);
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, { ...BASE, maxAge: REFRESH_TOKEN_TTL_SECONDS });
}

/** Clearing needs the same attributes: browsers ignore a __Host- cookie without Secure and Path=/. */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(ACCESS_COOKIE, BASE);
  reply.clearCookie(REFRESH_COOKIE, BASE);
}

export function setFlowCookie(reply: FastifyReply, value: string, maxAgeSeconds: number): void {
  reply.setCookie(OIDC_FLOW_COOKIE, value, { ...BASE, maxAge: maxAgeSeconds });
}

export function clearFlowCookie(reply: FastifyReply): void {
  reply.clearCookie(OIDC_FLOW_COOKIE, BASE);
}
