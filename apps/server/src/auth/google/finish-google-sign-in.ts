import * as oidc from "openid-client";
import type { Language } from "@p2p/shared";
import type { Db } from "../../db/client.js";
import type { GoogleOidc } from "./oidc-client.js";
import type { FlowState } from "./flow-state.js";
import { findOrCreateGoogleUser } from "./find-or-create-google-user.js";

/**
 * `callbackUrl` is the redirect URI with the provider's query; openid-client sends it without the
 * query as redirect_uri. Exchanges the code at the provider, checking state, PKCE and the ID token's nonce, then finds,
 * links or creates the account (a new one in `language`). Returns the user to start a session for.
 */
export async function finishGoogleSignIn(db: Db, google: GoogleOidc, callbackUrl: URL, flow: FlowState, language: Language): Promise<string> {
  const configuration = await google.configuration();
  const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error("The provider sent no ID token");
  return findOrCreateGoogleUser(
    db,
    {
      sub: claims.sub,
      email: typeof claims.email === "string" ? claims.email : undefined,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === "string" ? claims.name : undefined,
    },
    language,
  );
}
