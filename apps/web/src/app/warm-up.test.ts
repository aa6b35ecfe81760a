import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/i18n/i18n";
import { intlLocaleFor } from "@/i18n/intl-formatters";
import { cn } from "@/lib/cn";
import { warmUpWhileSplashShows } from "./warm-up";

/** Workers the page starts: where each was loaded from and what it was sent. */
function startedWorkers() {
  const started: { url: string; type?: string; sent: unknown[] }[] = [];
  vi.stubGlobal(
    "Worker",
    class {
      sent: unknown[] = [];
      constructor(url: URL, options?: WorkerOptions) {
        started.push({ url: String(url), type: options?.type, sent: this.sent });
      }
      postMessage(message: unknown) {
        this.sent.push(message);
      }
    },
  );
  return started;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  i18n.changeLanguage("en");
});

describe("the first screens' one-time work, done while the splash shows", () => {
  it("has a worker load the locale data of the reader's language, not the page", async () => {
    i18n.changeLanguage("fr");
    const workers = startedWorkers();
    vi.stubGlobal("requestIdleCallback", () => 0);
    warmUpWhileSplashShows();
    expect(workers).toEqual([{ url: expect.stringMatching(/locale-data\.worker\.ts$/), type: "module", sent: ["fr-FR"] }]);
  });

  it("builds tailwind-merge's table in two moments when the page is idle", () => {
    startedWorkers();
    const idle: (() => void)[] = [];
    vi.stubGlobal("requestIdleCallback", (run: () => void) => idle.push(run));
    warmUpWhileSplashShows();
    expect(idle).toHaveLength(1);
    idle.shift()!();
    expect(idle).toHaveLength(1);
    idle.shift()!();
    expect(cn("p-0", "p-1")).toBe("p-1");
  });

  it("without workers, starts none and leaves the formatters to their first use", () => {
    vi.stubGlobal("Worker", undefined);
    vi.stubGlobal("requestIdleCallback", () => 0);
    expect(() => warmUpWhileSplashShows()).not.toThrow();
  });

  it("the worker loads the data of the locale the page formats with, then ends", async () => {
    const close = vi.fn();
    vi.stubGlobal("self", { close });
    await import("@/i18n/locale-data.worker");
    const onMessage = (globalThis.self as unknown as { onmessage: (event: { data: string }) => void }).onmessage;
    expect(() => onMessage({ data: "fr-FR" })).not.toThrow();
    expect(() => onMessage({ data: "xx-NG" })).not.toThrow();
    expect(close).toHaveBeenCalledTimes(2);
    expect([intlLocaleFor("fr-FR"), intlLocaleFor("xx-NG")]).toEqual(["fr-FR", "en-NG"]);
  });
});
