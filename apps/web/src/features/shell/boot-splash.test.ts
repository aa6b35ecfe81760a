import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { LANGUAGES, MESSAGES, PRODUCT_NAME, THEME_STORAGE_KEY, pickLanguage, type Language } from "@p2p/shared";
import { EARLY_SESSION_READ, takeEarlySessionRead } from "@/features/auth/early-session-read";
import { sessionQuery } from "@/features/auth/queries";

const SCRIPT = readFileSync(resolve(__dirname, "../../../public/boot-splash.js"), "utf8");
const catalog = (path: string) => JSON.parse(readFileSync(resolve(__dirname, path), "utf8")) as Record<string, string>;

/** Runs public/boot-splash.js against a small fake of the page it runs in, as index.html paints it. */
function boot(options: {
  stored?: Record<string, string>;
  session?: Record<string, string>;
  languages?: string[];
  systemDark?: boolean;
  fetch?: (path: string, init: RequestInit) => Promise<Response>;
}) {
  const attributes: Record<string, string> = {};
  const classes = new Set<string>();
  const splash = {
    label: "NaijaP2P: loading",
    removed: false,
    setAttribute: (_: string, value: string) => (splash.label = value),
    remove: () => (splash.removed = true),
  };
  const tagline = { textContent: MESSAGES.tagline };
  const window: Record<string, unknown> = { matchMedia: () => ({ matches: options.systemDark ?? false }) };
  const root = {
    lang: "en",
    dir: "",
    style: { colorScheme: "" },
    classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    setAttribute: (name: string, value: string) => (attributes[name] = value),
  };
  runInNewContext(SCRIPT, {
    document: {
      documentElement: root,
      getElementById: (id: string) => (id === "boot-splash" ? splash : id === "boot-splash-tagline" ? tagline : null),
    },
    localStorage: { getItem: (key: string) => options.stored?.[key] ?? null },
    ...(options.session ? { sessionStorage: { getItem: (key: string) => options.session?.[key] ?? null } } : {}),
    navigator: { languages: options.languages ?? ["en-US"], language: options.languages?.[0] ?? "en-US" },
    window,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    performance: { now: () => 123.4 },
  });
  return { window, root, attributes, dark: classes.has("dark"), label: splash.label, tagline: tagline.textContent, removed: splash.removed };
}

describe("the splash painted before the app's code (public/boot-splash.js)", () => {
  it("shows once per tab session: a tab that saw it to its end skips it, a new tab or no storage shows it", () => {
    const again = boot({ session: { "naijap2p.splash-shown": "1" } });
    expect(again.removed).toBe(true);
    expect(again.attributes).toHaveProperty("data-splash-skipped");
    expect(boot({ session: {} }).removed).toBe(false);
    // No sessionStorage at all (a page where storage is off): shown, nothing thrown.
    const noStorage = boot({});
    expect(noStorage.removed).toBe(false);
    expect(noStorage.attributes).not.toHaveProperty("data-splash-skipped");
  });

  it("shows every language's tagline and loading label exactly as the catalogs translate them", () => {
    for (const { code, locale, dir } of LANGUAGES) {
      const shown = boot({ stored: { "naijap2p.language": code } });
      const tagline = code === "en" ? MESSAGES.tagline : catalog(`../../../../../packages/shared/locales/${code}/messages.json`)[MESSAGES.tagline];
      const loading = code === "en" ? "{{product}}: loading" : catalog(`../../locales/${code}/shell.json`)["{{product}}: loading"];
      expect(shown, code).toMatchObject({ tagline, label: loading!.replace("{{product}}", PRODUCT_NAME), root: { lang: locale, dir } });
    }
  });

  it("picks the language as the app does: the device's earlier choice, else the browser's best match, else English", () => {
    const lists = [["yo-NG", "en"], ["fr-CA"], ["de-DE", "pt-PT"], ["de"], ["ZH-cn"], ["pcm"], []];
    for (const languages of lists) {
      const expected = LANGUAGES.find((l) => l.code === pickLanguage(languages))!;
      expect(boot({ languages }).root.lang, languages.join(",")).toBe(expected.locale);
    }
    expect(boot({ stored: { "naijap2p.language": "ha" as Language }, languages: ["fr"] }).root.lang).toBe("ha-NG");
    expect(boot({ stored: { "naijap2p.language": "klingon" }, languages: ["ar"] }).root).toMatchObject({ lang: "ar", dir: "rtl" });
  });

  it("paints in the stored theme, else the system's, and notes when the splash began", () => {
    expect(boot({ stored: { [THEME_STORAGE_KEY]: "dark" } }).dark).toBe(true);
    expect(boot({ stored: { [THEME_STORAGE_KEY]: "light" }, systemDark: true }).dark).toBe(false);
    expect(boot({ stored: { [THEME_STORAGE_KEY]: "system" }, systemDark: true }).dark).toBe(true);
    expect(boot({}).attributes["data-splash-at"]).toBe("123");
  });
});

describe("the session's read, started by the page before the app's code (public/boot-splash.js)", () => {
  const ADA = { user: { id: "u1", username: "ada", role: "user" } };
  /** The app's own requests, when it makes any. */
  function appFetch() {
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (path: string) => {
        asked.push(path);
        return Response.json(ADA);
      }),
    );
    return asked;
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    void takeEarlySessionRead();
  });

  it("asks for the session with the page's cookies, and the app's first session read is its answer: one request", async () => {
    const pageAsked: { path: string; init: RequestInit }[] = [];
    const { window } = boot({
      fetch: async (path, init) => {
        pageAsked.push({ path, init });
        return Response.json(ADA);
      },
    });
    expect(pageAsked).toEqual([{ path: "/api/auth/session", init: { credentials: "same-origin" } }]);
    Object.assign(globalThis, { [EARLY_SESSION_READ]: window[EARLY_SESSION_READ] });
    const appAsked = appFetch();
    await expect(new QueryClient().fetchQuery(sessionQuery)).resolves.toEqual(ADA);
    expect(appAsked).toEqual([]);
  });

  it("leaves a refused or unreadable answer to the app's own read, which refreshes an expired session", async () => {
    for (const answer of [new Response("{}", { status: 401 }), new Response("<!doctype html>", { status: 200 })]) {
      const { window } = boot({ fetch: async () => answer });
      await expect(window[EARLY_SESSION_READ]).resolves.toBeNull();
      Object.assign(globalThis, { [EARLY_SESSION_READ]: window[EARLY_SESSION_READ] });
      const appAsked = appFetch();
      await expect(new QueryClient().fetchQuery(sessionQuery)).resolves.toEqual(ADA);
      expect(appAsked).toEqual(["/api/auth/session"]);
    }
  });

  it("is taken once: a later session read is a new request", async () => {
    Object.assign(globalThis, { [EARLY_SESSION_READ]: Promise.resolve({ user: null }) });
    const appAsked = appFetch();
    await expect(new QueryClient().fetchQuery(sessionQuery)).resolves.toEqual({ user: null });
    await expect(new QueryClient().fetchQuery(sessionQuery)).resolves.toEqual(ADA);
    expect(appAsked).toEqual(["/api/auth/session"]);
  });

  it("starts nothing, and throws nothing, where the browser has no fetch", () => {
    expect(boot({}).window).not.toHaveProperty(EARLY_SESSION_READ);
  });
});
