import * as oidc from "openid-client";
import type { Config } from "../../config.js";

export type GoogleOidc = {
  /** The provider's discovered configuration, fetched once and cached; a failed fetch is retried next time. */
  configuration(): Promise<oidc.Configuration>;
  redirectUri(): string;
  /** Google's own issuer, which takes `prompt=select_account` (a standard provider may refuse it). */
  isGoogle: boolean;
};

export function createGoogleOidc(config: Config): GoogleOidc {
  let pending: Promise<oidc.Configuration> | null = null;
  return {
    configuration() {
      pending ??= discover(config).catch((err) => {
        pending = null;
        throw err;
      });
      return pending;
    },
    // Read on each call: the public URL is known only once the server listens (tests).
    redirectUri: () => `${config.publicUrl}/api/auth/google/callback`,
    isGoogle: new URL(config.GOOGLE_ISSUER).hostname === "accounts.google.com",
  };
}

function discover(config: Config): Promise<oidc.Configuration> {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) {
    return Promise.reject(new Error("Google sign-in is not configured"));
  }
  const issuer = new URL(config.GOOGLE_ISSUER);
  // Plain-http issuers exist only in local tests and development, never in production.
  const insecure = issuer.protocol === "http:" && !config.isProduction;
  return oidc.discovery(issuer, config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, undefined, {
    timeout: 10,
    ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
  });
}
