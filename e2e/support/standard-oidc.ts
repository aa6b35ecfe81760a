import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import Provider from "oidc-provider";
import type { Page } from "playwright-core";
import { freePort } from "./product.js";

export type StandardIdentity = { sub: string; email: string; email_verified: boolean; name: string };

export type StandardProvider = {
  issuer: string;
  /** The product's environment: this provider in place of Google, and the port its redirect URI names. */
  env: Record<string, string>;
  /** Who signs in next (the provider's login form takes any name; this is the account it finds). */
  signInAs(identity?: Partial<StandardIdentity>): StandardIdentity;
  stop(): Promise<void>;
};

/**
 * panva's oidc-provider (a certified OpenID Provider) with its standard settings: the ID token
 * carries only `sub` (e-mail and name come from userinfo), `prompt` values it does not know are
 * refused, and its own login and consent pages run. `googleShaped` puts the e-mail and name in the
 * ID token as Google does; `refuseRequests` makes the client require a signed request object, so
 * the provider refuses the product's plain requests with a reason.
 */
export async function startStandardProvider(options: { googleShaped?: boolean; refuseRequests?: boolean } = {}): Promise<StandardProvider> {
  const port = await freePort();
  const productPort = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const client = { client_id: "naijap2p-standard", client_secret: randomBytes(16).toString("hex") };
  let identity = newIdentity();
  const provider = new Provider(issuer, {
    clients: [
      {
        ...client,
        redirect_uris: [`http://localhost:${productPort}/api/auth/google/callback`],
        ...(options.refuseRequests ? { require_signed_request_object: true } : {}),
      },
    ],
    ...(options.refuseRequests ? { features: { requestObjects: { enabled: true } } } : {}),
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    ...(options.googleShaped ? { conformIdTokenClaims: false } : {}),
    cookies: { keys: [randomBytes(16).toString("hex")] },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ ...identity, sub }) }),
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(port, "127.0.0.1", () => resolve(s));
  });
  return {
    issuer,
    env: { GOOGLE_ISSUER: issuer, GOOGLE_CLIENT_ID: client.client_id, GOOGLE_CLIENT_SECRET: client.client_secret, PORT: String(productPort) },
    signInAs(overrides = {}) {
      identity = { ...newIdentity(), ...overrides };
      return identity;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function newIdentity(): StandardIdentity {
  const id = randomBytes(4).toString("hex");
  return { sub: `std-${id}`, email: `ngozi.${id}@example.org`, email_verified: true, name: "Ngozi Obi" };
}

/** The provider's own login page (any password) and consent page, as a person goes through them. */
export async function signInAtProvider(page: Page, identity: StandardIdentity): Promise<void> {
  await page.locator("input[name=login]").fill(identity.sub);
  await page.locator("input[name=password]").fill("any password");
  await page.getByRole("button", { name: /sign-?in/i }).click();
  await page.getByRole("button", { name: /continue/i }).click();
}
