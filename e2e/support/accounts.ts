import { randomBytes, randomInt } from "node:crypto";
import type { BrowserContext } from "playwright-core";
import { latestMailId, waitForMail } from "./mailbox.js";

/** What a person types at sign-up. */
export type NewUser = {
  full_name: string;
  username: string;
  phone_number: string;
  email: string;
  password: string;
};

/** A person nobody has registered yet: unique username, phone number and email. */
export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  const id = randomBytes(4).toString("hex");
  return {
    full_name: "Adaeze Okafor",
    username: `ada_${id}`,
    phone_number: `+23480${randomInt(10_000_000, 99_999_999)}`,
    email: `ada.${id}@example.com`,
    password: `Lagos-escrow-${id}`,
    ...overrides,
  };
}

async function post(baseUrl: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function expectStatus(response: Response, status: number, what: string): Promise<void> {
  if (response.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.status} ${await response.text()}`);
  }
}

export async function signUpThroughApi(baseUrl: string, user: NewUser, referralCode?: string): Promise<void> {
  const body = referralCode ? { ...user, referral_code: referralCode } : user;
  await expectStatus(await post(baseUrl, "/api/auth/sign-up", body), 201, `sign-up of ${user.email}`);
}

/** Opens the confirmation link of the newest mail to `email`, as the person would. */
export async function confirmThroughMailbox(baseUrl: string, email: string, after = 0): Promise<void> {
  const mail = await waitForMail(baseUrl, email, { after });
  const response = await fetch(mail.link, { redirect: "manual" });
  const location = response.headers.get("location") ?? "";
  if (response.status !== 302 || location.includes("error=")) {
    throw new Error(`confirmation of ${email}: ${response.status} ${location} ${await response.text()}`);
  }
}

/** A registered, confirmed account (its profile complete: username and phone given at sign-up). */
export async function createConfirmedUser(baseUrl: string, overrides: Partial<NewUser> = {}): Promise<NewUser> {
  const user = newUser(overrides);
  const after = await latestMailId(baseUrl);
  await signUpThroughApi(baseUrl, user);
  await confirmThroughMailbox(baseUrl, user.email, after);
  return user;
}

/**
 * Signs in through POST /api/auth/sign-in from the browser context's own request client, so the
 * session cookies land in that context: the next page it opens is signed in.
 */
export async function signInThroughApi(context: BrowserContext, credentials: { email: string; password: string }): Promise<void> {
  const response = await context.request.post("/api/auth/sign-in", {
    data: { email: credentials.email, password: credentials.password },
  });
  if (response.status() !== 200) {
    throw new Error(`sign-in of ${credentials.email}: ${response.status()} ${await response.text()}`);
  }
  const cookies = await context.cookies();
  if (!cookies.some((c) => c.name.startsWith("__Host-"))) {
    throw new Error(`sign-in of ${credentials.email} answered 200 but left no session cookie in the browser context`);
  }
}

/** The account's own view of itself (username, phone number, referral code…), by signing in from Node. */
export async function fetchMe(
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<{ id: string; username: string; role: string; phone_number: string | null; referral_code: string }> {
  const { email, password } = credentials;
  const response = await post(baseUrl, "/api/auth/sign-in", { email, password, client: "native" });
  await expectStatus(response, 200, `sign-in of ${credentials.email}`);
  return ((await response.json()) as { user: { id: string; username: string; role: string; phone_number: string | null; referral_code: string } })
    .user;
}
