import { describe, test as base } from "../support/fixtures.js";
import { startStandardProvider } from "../support/standard-oidc.js";
import { expectPath } from "../pages/app.js";
import { AuthPage } from "../pages/auth-page.js";

/** A standard OpenID provider whose client must send signed request objects, which the product does not. */
const test = base
  .extend("provider", { scope: "file" }, async ({}, { onCleanup }) => {
    const provider = await startStandardProvider({ refuseRequests: true });
    onCleanup(() => provider.stop());
    return provider;
  })
  .override("productEnv", { scope: "file" }, ({ provider }) => provider.env);

describe("a provider that refuses the sign-in", () => {
  test("comes back with 'Sign In Error' and the provider's own reason, not 'cancelled', and the server logs it", async ({ app, page }) => {
    const auth = new AuthPage(page);
    await auth.open();
    await auth.continueWithGoogle();
    await expectPath(page, "/auth");
    await auth.expectToast("Sign In Error", "Google sign-in failed: Request Object must be used by this client");
    await page.getByText("Google sign-in was cancelled.").waitFor({ state: "detached" });
    if (!app.output().includes("google sign-in: the provider refused")) throw new Error(`not logged:\n${app.output()}`);
  });
});
