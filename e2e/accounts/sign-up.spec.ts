import { createConfirmedUser, fetchMe, newUser } from "../support/accounts.js";
import { describe, expect, test } from "../support/fixtures.js";
import { latestMailId, waitForMail } from "../support/mailbox.js";
import { expectPath } from "../pages/app.js";
import { AppShell } from "../pages/app-shell.js";
import { AuthPage } from "../pages/auth-page.js";

describe("sign-up live checks (spec §5)", () => {
  test("a username of 4 characters or fewer is refused", async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.open("?mode=sign-up");
    await auth.expectMode("sign-up");

    await auth.fillSignUp({ username: "abcd" });
    await auth.expectFieldMessage("Username must be more than 4 characters long");

    await auth.fillSignUp({ username: "abcde" });
    await auth.expectFieldMessage("Username is available");
  });

  test("a registered username, phone number and email are each refused with the spec's words", async ({ app, page }) => {
    const existing = await createConfirmedUser(app.url);
    const auth = new AuthPage(page);
    await auth.open();
    await auth.switchTo("sign-up");

    await auth.fillSignUp({ username: existing.username, phone_number: existing.phone_number, email: existing.email });
    await auth.expectFieldMessage("Your username is already been used");
    await auth.expectFieldMessage("Your phone number already exists please try another one");
    await auth.expectFieldMessage("Your Gmail address already registered please login your account");
  });

  test("the demo user seeded at start holds its username, phone number and email", async ({ app, page }) => {
    const demo = app.demoAccounts().find((account) => account.role === "user");
    if (!demo) throw new Error(`The server printed no demo user at start:\n${app.output()}`);
    const { username, phone_number } = await fetchMe(app.url, demo);
    const auth = new AuthPage(page);
    await auth.open("?mode=sign-up");

    await auth.fillSignUp({ username, phone_number: phone_number ?? "", email: demo.email });
    await auth.expectFieldMessage("Your username is already been used");
    await auth.expectFieldMessage("Your phone number already exists please try another one");
    await auth.expectFieldMessage("Your Gmail address already registered please login your account");
  });

  test("submitting while a field is invalid shows 'Validation Error' and sends nothing", async ({ app, page }) => {
    const existing = await createConfirmedUser(app.url);
    const auth = new AuthPage(page);
    await auth.open("?mode=sign-up");
    let signUpRequests = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/sign-up")) signUpRequests++;
    });

    await auth.fillSignUp(newUser({ username: existing.username }));
    await auth.expectFieldMessage("Your username is already been used");
    await auth.submitSignUp();

    await auth.expectToast("Validation Error", "Please fix all validation errors before proceeding.");
    expect(signUpRequests).toBe(0);
  });

  test("submitting while a check has not answered yet shows 'Validation Error'", async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.open("?mode=sign-up");
    const user = newUser();
    await auth.fillSignUp({ ...user, username: undefined });
    await auth.expectFieldMessage("Email is available");

    // Hold the username check at the server's door until the form has been submitted.
    let releaseCheck!: () => void;
    const held = new Promise<void>((resolve) => (releaseCheck = resolve));
    await page.route("**/api/auth/check-username?*", async (route) => {
      await held;
      await route.continue();
    });
    await auth.fillSignUp({ username: user.username });
    await auth.expectFieldMessage("Checking…");
    await auth.submitSignUp();

    await auth.expectToast("Validation Error", "Please fix all validation errors before proceeding.");
    releaseCheck();
    await auth.expectFieldMessage("Username is available");
  });
});

describe("signing up", () => {
  test("a refused sign-up shows 'Sign Up Error' with the server's message", async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.open();
    // Long enough for the form, but on the server's list of common passwords.
    await auth.signUp(newUser({ password: "password1" }));

    await auth.expectToast("Sign Up Error", "This password is too common. Choose a less common one.");
    await auth.expectMode("sign-up");
  });

  test("a new account gets 'Success!', a confirmation mail whose link works, and then signs in", async ({ app, page }) => {
    const user = newUser();
    const auth = new AuthPage(page);
    await auth.open();
    const before = await latestMailId(app.url);

    await auth.signUp(user);
    await auth.expectToast("Success!", "Please check your email to confirm your account.");
    await auth.expectMode("sign-in");

    // Before confirming, the account cannot sign in.
    await auth.signIn(user.email, user.password);
    await auth.expectToast("Sign In Error", "Email not confirmed");

    const mail = await waitForMail(app.url, user.email, { after: before, linkPath: "/api/auth/confirm" });
    await page.goto(mail.link);
    await expectPath(page, "/");
    await auth.expectToast("Email confirmed");

    await auth.open();
    await auth.signInAndLand(user.email, user.password);
    await new AppShell(page).expectDashboardOf(user.username);
  });

  test("an invite link's ?ref= opens sign-up with the referral code filled in", async ({ app, page }) => {
    const referrer = await createConfirmedUser(app.url);
    const code = (await fetchMe(app.url, referrer)).referral_code;
    expect(code).toMatch(/^REF[0-9A-F]{8}$/);

    const auth = new AuthPage(page);
    await auth.open(`?ref=${code}`);
    await auth.expectMode("sign-up");
    expect(await auth.field("Referral Code").inputValue()).toBe(code);

    // The invited person can sign up with it.
    await auth.signUp(newUser());
    await auth.expectToast("Success!", "Please check your email to confirm your account.");
  });
});
