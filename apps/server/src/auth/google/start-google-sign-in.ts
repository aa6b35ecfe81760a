import * as oidc from "openid-client";
import type { GoogleOidc } from "./oidc-client.js";
import { newFlowState, type FlowState } from "./flow-state.js";

/** The provider's authorization URL for a new attempt, with PKCE (S256), state and nonce. */
export async function startGoogleSignIn(google: GoogleOidc): Promise<{ url: URL; flow: FlowState }> {
  const configuration = await google.configuration();
  const flow = newFlowState();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: google.redirectUri(),
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: "S256",
    state: flow.state,
    nonce: flow.nonce,
    // Google otherwise signs in the last account without asking; elsewhere the provider's default.
    ...(google.isGoogle ? { prompt: "select_account" } : {}),
  });
  return { url, flow };
}
