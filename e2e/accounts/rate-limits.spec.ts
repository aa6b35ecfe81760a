import { newUser } from "../support/accounts.js";
import { describe, test as base } from "../support/fixtures.js";
import { AuthPage } from "../pages/auth-page.js";

/** This file's product allows one password-reset request and one username check per minute per address. */
const test = base.override("productEnv", { scope: "file" }, () => ({
  RATE_LIMIT_PASSWORD_PER_MINUTE: "1",
  RATE_LIMIT_CHECKS_PER_MINUTE: "1",
}));

describe("when the server refuses a request", () => {
  test("a refused password reset shows 'Error' with the server's message", async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.open();
    await auth.field("Email").fill(newUser().email);

    await auth.forgotPassword();
    await auth.expectToast("Check your email", "We sent you a password reset link.");
    await auth.forgotPassword();
    await auth.expectToast("Error", "Too many requests. Please wait a moment and try again.");
  });

  test("a live check that fails (not a duplicate) leaves the field unjudged", async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.open("?mode=sign-up");
    const username = auth.field("Username");

    await auth.fillSignUp({ username: newUser().username });
    await auth.expectFieldMessage("Username is available");

    // The second check in a minute is refused (429): idle again, no verdict either way.
    const refused = page.waitForResponse((r) => r.url().includes("/api/auth/check-username") && r.status() === 429);
    await auth.fillSignUp({ username: newUser().username });
    await refused;
    // Nothing under the field: neither 'Checking…' nor a verdict describes it any more.
    await page.waitForFunction(
      (input) => input !== null && !input.hasAttribute("aria-describedby") && input.getAttribute("aria-invalid") !== "true",
      await username.elementHandle(),
    );
  });
});
