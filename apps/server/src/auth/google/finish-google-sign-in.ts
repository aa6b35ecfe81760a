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
  const idToken = tokens.claims();
  if (!idToken) throw new Error("The provider sent no ID token");
  // Google puts the e-mail and name in the ID token; a standard provider may give them only from
  // its userinfo endpoint (checked to be about the same subject). An e-mail and whether it is
  // verified are always taken together, from one source.
  const emailInToken = typeof idToken.email === "string" && typeof idToken.email_verified === "boolean";
  const userinfo =
    emailInToken && typeof idToken.name === "string" ? null : await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
  const emailSource: Record<string, unknown> = emailInToken ? idToken : (userinfo ?? {});
  const name = idToken.name ?? userinfo?.name;
  return findOrCreateGoogleUser(
    db,
    {
      sub: idToken.sub,
      email: typeof emailSource.email === "string" ? emailSource.email : undefined,
      emailVerified: emailSource.email_verified === true,
      name: typeof name === "string" ? name : undefined,
    },
    language,
  );
}
