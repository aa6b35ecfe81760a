import type { Config } from "../config.js";

type RouteLimit = { config?: { rateLimit: { max: number; timeWindow: string } } };

/**
 * Per-IP limits for the auth routes (DESIGN §6), per minute, from the configuration. Per-account
 * limits (failed sign-ins, mailed links) are enforced in the use cases and stay on regardless.
 */
export function authRateLimits(config: Config) {
  const perMinute = (max: number): RouteLimit => (config.RATE_LIMITS === "off" ? {} : { config: { rateLimit: { max, timeWindow: "1 minute" } } });
  return {
    signIn: perMinute(config.RATE_LIMIT_SIGN_IN_PER_MINUTE),
    signUp: perMinute(config.RATE_LIMIT_SIGN_UP_PER_MINUTE),
    password: perMinute(config.RATE_LIMIT_PASSWORD_PER_MINUTE),
    checks: perMinute(config.RATE_LIMIT_CHECKS_PER_MINUTE),
  };
}
