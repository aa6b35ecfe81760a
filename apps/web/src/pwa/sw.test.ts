import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { localNotificationDelay, localNotificationId } from "../native/delay";

type Classify = (url: URL, method: string, mode: string, origin: string) => string;

/** Loads the real public/sw.js with a stub `self`, returning its route classifier and registered events. */
function loadServiceWorker() {
  const source = readFileSync(fileURLToPath(new URL("../../public/sw.js", import.meta.url)), "utf8");
  const events: string[] = [];
  const self = { addEventListener: (name: string) => events.push(name), location: { origin: "https://app.test" } };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the service worker's own source, run as the browser would
  const classify = new Function("self", "caches", `${source}\nreturn classifyRequest;`)(self, {}) as Classify;
  return { classify, events };
}

describe("service worker route classification", () => {
  const { classify, events } = loadServiceWorker();
  const origin = "https://app.test";
  const c = (path: string, mode = "cors", method = "GET", base = origin) => classify(new URL(path, base), method, mode, origin);

  it("never caches the API, realtime or dev endpoints", () => {
    expect(c("/api/orders")).toBe("bypass");
    expect(c("/api/auth/me", "navigate")).toBe("bypass");
    expect(c("/realtime", "websocket")).toBe("bypass");
    expect(c("/realtime?last=5")).toBe("bypass");
    expect(c("/dev/mail")).toBe("bypass");
    expect(c("/sw.js")).toBe("bypass");
  });

  it("ignores non-GET and foreign-origin requests", () => {
    expect(c("/assets/index-abc.js", "cors", "POST")).toBe("bypass");
    expect(c("/assets/x.js", "cors", "GET", "https://cdn.example")).toBe("bypass");
  });

  it("sends navigations network-first and hashed assets cache-first", () => {
    expect(c("/dashboard", "navigate")).toBe("navigate");
    expect(c("/", "navigate")).toBe("navigate");
    expect(c("/apiary", "navigate")).toBe("navigate");
    expect(c("/assets/index-abc.js")).toBe("asset");
    expect(c("/manifest.webmanifest")).toBe("static");
    expect(c("/icons/icon-192.png", "no-cors")).toBe("static");
  });

  it("handles install, activate and fetch", () => {
    expect(events.sort()).toEqual(["activate", "fetch", "install"]);
  });
});

describe("local notification timing", () => {
  it("fires 0.5 s after arrival, 1 s for a push (spec §9)", () => {
    expect(localNotificationDelay(false)).toBe(500);
    expect(localNotificationDelay(true)).toBe(1000);
  });

  it("uses a positive 31-bit id", () => {
    for (const [now, r] of [
      [0, 0],
      [Date.now(), 0.999999],
      [2 ** 40, 0.5],
    ] as const) {
      const id = localNotificationId(now, r);
      expect(id).toBeGreaterThan(0);
      expect(id).toBeLessThan(2 ** 31);
    }
  });
});
