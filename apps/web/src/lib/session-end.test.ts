import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError } from "./api";
import { onSessionEnd, sessionEnded, sessionEndReason, sessionStarted } from "./session-end";

afterEach(() => {
  sessionStarted();
  vi.unstubAllGlobals();
});

describe("a session that ended", () => {
  it("ends once in the tab, then the tab calls nothing but the auth endpoints until the next sign-in", async () => {
    const ends: string[] = [];
    onSessionEnd((reason) => ends.push(reason) > 0);
    const fetch = vi.fn(async () => Response.json({ user: null }));
    vi.stubGlobal("fetch", fetch);

    sessionEnded("Your session expired. Sign in again to continue.");
    sessionEnded("again");
    expect(ends).toEqual(["Your session expired. Sign in again to continue."]);
    expect(sessionEndReason()).toBe("Your session expired. Sign in again to continue.");

    await expect(api("/api/wallet")).rejects.toMatchObject({ status: 401, code: "UNAUTHENTICATED" } satisfies Partial<ApiError>);
    expect(fetch).not.toHaveBeenCalled();
    await api("/api/auth/session");
    expect(fetch).toHaveBeenCalledTimes(1);

    sessionStarted();
    await api("/api/wallet");
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("is not ended in a tab where nobody was signed in", () => {
    onSessionEnd(() => false);
    sessionEnded("You signed out. Sign in again to continue.");
    expect(sessionEndReason()).toBeNull();
  });

  it("ends on a 401 that no refresh can fix, with the server's reason", async () => {
    onSessionEnd(() => true);
    const reason = "Your password was changed, so you were signed out. Sign in with the new password.";
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: { code: "UNAUTHENTICATED", message: reason } }, { status: 401 })),
    );
    await expect(api("/api/notifications")).rejects.toBeInstanceOf(ApiError);
    expect(sessionEndReason()).toBe(reason);
  });
});
