import * as oidc from "openid-client";
import { openJson, sealJson } from "../tokens.js";

/** What the callback must check: PKCE verifier, state and nonce of one sign-in attempt. */
export type FlowState = { verifier: string; state: string; nonce: string; expiresAt: number };

export const FLOW_TTL_SECONDS = 10 * 60;
const PURPOSE = "google-oidc-flow";

export function newFlowState(): FlowState {
  return {
    verifier: oidc.randomPKCECodeVerifier(),
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    expiresAt: Date.now() + FLOW_TTL_SECONDS * 1000,
  };
}

export function sealFlowState(flow: FlowState, secret: string): string {
  return sealJson(flow, secret, PURPOSE);
}

/** The flow from the cookie, or null when it is missing, forged or older than its ten minutes. */
export function openFlowState(cookie: string | undefined, secret: string): FlowState | null {
  const flow = openJson<FlowState>(cookie, secret, PURPOSE);
  if (!flow || typeof flow.verifier !== "string" || typeof flow.state !== "string" || typeof flow.nonce !== "string") {
    return null;
  }
  return typeof flow.expiresAt === "number" && flow.expiresAt > Date.now() ? flow : null;
}
