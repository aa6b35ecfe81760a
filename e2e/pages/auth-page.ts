import type { Locator, Page } from "playwright-core";
import type { NewUser } from "../support/accounts.js";
import { expectPath } from "./app.js";
import { expectToast } from "./toasts.js";

export type AuthMode = "sign-in" | "sign-up";

const HEADING: Record<AuthMode, string> = { "sign-in": "Welcome Back", "sign-up": "Get Started" };
const TAB: Record<AuthMode, string> = { "sign-in": "Sign In", "sign-up": "Sign Up" };

/** What the live checks say when a value is free (shown under the field). */
const AVAILABLE = {
  username: "Username is available",
  phone: "Phone number is available",
  email: "Email is available",
};

/** /auth: sign in, sign up, forgot password, Continue with Google. */
export class AuthPage {
  constructor(readonly page: Page) {}

  /** Opens /auth (with an optional query such as "?ref=REF…") and waits past the splash. */
  async open(query = ""): Promise<void> {
    await this.page.goto(`/auth${query}`);
    await this.page.getByRole("heading", { level: 1, name: /^(Welcome Back|Get Started)$/ }).waitFor();
  }

  heading(mode: AuthMode): Locator {
    return this.page.getByRole("heading", { level: 1, name: HEADING[mode], exact: true });
  }

  tab(mode: AuthMode): Locator {
    return this.page.getByRole("tab", { name: TAB[mode], exact: true });
  }

  async expectMode(mode: AuthMode): Promise<void> {
    await this.heading(mode).waitFor();
    await this.page.getByRole("tab", { name: TAB[mode], exact: true, selected: true }).waitFor();
  }

  async switchTo(mode: AuthMode): Promise<void> {
    await this.tab(mode).click();
    await this.expectMode(mode);
  }

  /** The open form (sign-in or sign-up). */
  form(): Locator {
    return this.page.getByRole("tabpanel");
  }

  field(label: string): Locator {
    return this.form().getByLabel(label, { exact: label !== "Referral Code" });
  }

  /** Waits for a message under a field, word for word (live checks, validation). */
  async expectFieldMessage(text: string): Promise<void> {
    await this.form().getByText(text, { exact: true }).waitFor();
  }

  /** Types the sign-up fields given (empty ones are left alone). */
  async fillSignUp(user: Partial<NewUser> & { referral_code?: string }): Promise<void> {
    const fields: [string, string | undefined][] = [
      ["Full Name", user.full_name],
      ["Username", user.username],
      ["Phone Number", user.phone_number],
      ["Email", user.email],
      ["Password", user.password],
      ["Referral Code", user.referral_code],
    ];
    for (const [label, value] of fields) {
      if (value !== undefined) await this.field(label).fill(value);
    }
  }

  /** Waits until the live checks have said username, phone number and email are all free. */
  async expectSignUpChecksPassed(): Promise<void> {
    for (const text of Object.values(AVAILABLE)) await this.expectFieldMessage(text);
  }

  async submitSignUp(): Promise<void> {
    await this.form().getByRole("button", { name: "Create Account" }).click();
  }

  /** Signs up as a new person through the form, once every live check has passed. */
  async signUp(user: NewUser): Promise<void> {
    await this.switchTo("sign-up");
    await this.fillSignUp(user);
    await this.expectSignUpChecksPassed();
    await this.submitSignUp();
  }

  async fillSignIn(email: string, password: string): Promise<void> {
    await this.field("Email").fill(email);
    await this.field("Password").fill(password);
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.fillSignIn(email, password);
    await this.form().getByRole("button", { name: "Sign In", exact: true }).click();
  }

  /** Signs in and waits to leave /auth for `landing` (the dashboard, or /complete-profile). */
  async signInAndLand(email: string, password: string, landing = "/dashboard"): Promise<void> {
    await this.signIn(email, password);
    await expectPath(this.page, landing);
  }

  async forgotPassword(): Promise<void> {
    await this.form().getByRole("button", { name: "Forgot password?" }).click();
  }

  async continueWithGoogle(): Promise<void> {
    await this.page.getByRole("button", { name: "Continue with Google" }).click();
  }

  /** Show or hide the password of the open form. */
  passwordToggle(): Locator {
    return this.form().getByRole("button", { name: /^(Show|Hide)$/ });
  }

  expectToast(title: string, description?: string): Promise<Locator> {
    return expectToast(this.page, title, description);
  }
}
