import { randomBytes } from "node:crypto";
import { OAuth2Server } from "oauth2-mock-server";
import { freePort } from "./product.js";

/** Who the mock Google says is signing in: the ID token's claims. */
export type GoogleIdentity = { sub: string; email: string; email_verified: boolean; name: string };

export type GoogleMock = {
  issuer: string;
  /** The product's environment for this provider. */
  env: Record<string, string>;
  /** The identity the next sign-in returns; a fresh one by default. */
  signInAs(identity?: Partial<GoogleIdentity>): GoogleIdentity;
  stop(): Promise<void>;
};

export function newGoogleIdentity(overrides: Partial<GoogleIdentity> = {}): GoogleIdentity {
  const id = randomBytes(4).toString("hex");
  return { sub: `google-${id}`, email: `chidi.${id}@gmail.com`, email_verified: true, name: "Chidi Eze", ...overrides };
}

/**
 * An OpenID Connect provider standing in for Google: its authorize endpoint redirects straight
 * back to the product with a code, as Google does once the person has chosen an account.
 */
export async function startGoogleMock(): Promise<GoogleMock> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(await freePort(), "localhost");
  const issuer = server.issuer.url!;

  let identity = newGoogleIdentity();
  server.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, identity);
  });
  server.service.on("beforeUserinfo", (userinfo) => {
    userinfo.body = { ...identity };
  });

  return {
    issuer,
    env: { GOOGLE_CLIENT_ID: "naijap2p-e2e", GOOGLE_CLIENT_SECRET: "naijap2p-e2e-secret", GOOGLE_ISSUER: issuer },
    signInAs(overrides = {}) {
      identity = newGoogleIdentity(overrides);
      return identity;
    },
    stop: () => server.stop(),
  };
}
