import { describe, test as base } from "../support/fixtures.js";
import { signInAtProvider, startStandardProvider } from "../support/standard-oidc.js";
import { expectPath } from "../pages/app.js";
import { AuthPage } from "../pages/auth-page.js";
import { CompleteProfilePage } from "../pages/complete-profile-page.js";

/** This file's product signs in through a standard OpenID provider (panva's oidc-provider) in Google's place. */
const test = base
  .extend("provider", { scope: "file" }, async ({}, { onCleanup }) => {
    const provider = await startStandardProvider();
    onCleanup(() => provider.stop());
    return provider;
  })
  .override("productEnv", { scope: "file" }, ({ provider }) => provider.env);

describe("Continue with Google against a standard OpenID provider", () => {
  test("signs a new person in through the provider's own login and consent pages, with the e-mail its userinfo gives", async ({ provider, page }) => {
    const identity = provider.signInAs();
    const auth = new AuthPage(page);
    await auth.open();
    await auth.continueWithGoogle();

    // The provider's own pages: no prompt=select_account (it would refuse it), the login, then consent.
    await signInAtProvider(page, identity);

    await expectPath(page, "/complete-profile");
    await new CompleteProfilePage(page).expectOpen();
    await page.getByText(identity.email, { exact: true }).waitFor();
  });
});
