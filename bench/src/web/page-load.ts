import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page, Response } from "playwright-core";
import { newPhoneContext } from "../../../e2e/support/browser.js";
import { note } from "../lib/result.js";
import { round } from "../lib/stats.js";
import { SPLASH_MS } from "@p2p/shared";
import { CPU_SLOWDOWN, GOALS, GZIP_LEVEL, SETTLE_MS, SLOW_4G } from "./config.js";

/** A route to load: how to get the context ready (a session, say) and when its content is shown. */
export type RouteSpec = {
  name: string;
  /** The route as reported (`/order/:id`); `pathOf` gives the URL loaded when it has a parameter. */
  path: string;
  pathOf?: () => string;
  prepare?: (context: BrowserContext) => Promise<void>;
  shown: (page: Page) => Promise<void>;
};

export type PageLoad = {
  scripts: number;
  js_raw_kb: number;
  /** The scripts' Content-Length: their bytes on the wire, compressed when the server compressed them. */
  js_transferred_kb: number;
  js_gzip_kb: number;
  content_encodings: string[];
  fcp_ms: number;
  lcp_ms: number;
  /** When the splash left the screen (0: the page showed none). */
  splash_end_ms: number;
  /** LCP after the splash's end: the app is ready when the splash ends, so this is what the user waits beyond it. */
  lcp_after_splash_ms: number;
  /** How long the splash stayed past its 2 seconds from the first paint, waiting for the first screen. */
  splash_held_ms: number;
  /** API reads first answered after the splash's end: data the screen still waited for once shown. */
  reads_after_splash: number;
  cls: number;
  tbt_ms: number;
  long_tasks: number;
};

/** The splash (index.html's, then the app's): the status element labelled "…: loading". */
const SPLASH_SELECTOR = '[role="status"][aria-label$=": loading"]';

/**
 * Collected from the first script the page runs: LCP candidates, layout shifts without recent
 * input (summed: an upper bound of CLS's largest session window), long tasks, and when the
 * element `splash` selects left for good.
 */
const OBSERVE = (splash: string) => {
  const perf = { lcp: 0, cls: 0, longTasks: [] as [number, number][], splashEnd: 0, lcpElements: [] as string[] };
  (window as unknown as { __benchPerf: typeof perf }).__benchPerf = perf;
  let splashSeen = false;
  // The app's splash takes over index.html's; the end is the last time one left for good.
  new MutationObserver(() => {
    if (document.querySelector(splash)) {
      splashSeen = true;
      perf.splashEnd = 0;
    } else if (splashSeen && !perf.splashEnd) perf.splashEnd = performance.now();
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { renderTime: number; loadTime: number; element: Element | null })[]) {
      perf.lcp = e.renderTime || e.loadTime || e.startTime;
      perf.lcpElements.push(`${Math.round(perf.lcp)} ms ${e.element?.outerHTML.slice(0, 80) ?? "(gone)"}`);
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!e.hadRecentInput) perf.cls += e.value;
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) perf.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
};

type Script = { url: string; raw: number; transferred: number; gzip: number; encoding: string };

/**
 * A script's sizes. Content-Length, not the request's measured size: once the service worker
 * controls the page it answers from its cache, whose copies keep the network response's headers.
 * A worker's script (the locale-data worker ends itself at once) has no body left to read from the
 * browser: its bytes are fetched again from the same server.
 */
async function scriptOf(response: Response, context: BrowserContext): Promise<Script> {
  const body = await response.body().catch(async () => (await context.request.get(response.url())).body());
  const headers = response.headers();
  return {
    url: response.url(),
    raw: body.length,
    transferred: Number(headers["content-length"] ?? body.length),
    gzip: gzipSync(body, { level: GZIP_LEVEL }).length,
    encoding: headers["content-encoding"] ?? "identity",
  };
}

/**
 * BENCH_WEB_TIMELINE=1: each request of a load (start..end, ms from the navigation), the splash's
 * end, the long tasks and the LCP candidates, to see what a screen waited for.
 */
function watchTimeline(page: Page): () => string[] {
  const started = Date.now();
  const lines: [number, string][] = [];
  page.on("requestfinished", (request) => {
    const { startTime, responseEnd } = request.timing();
    const from = Math.round(startTime - started);
    lines.push([from, `${from}..${Math.round(startTime - started + responseEnd)} ${new URL(request.url()).pathname}`]);
  });
  return () => lines.sort((a, b) => a[0] - b[0]).map(([, line]) => line);
}

/**
 * Each script a load fetched, largest first, to see where a route's bytes go: with
 * BENCH_WEB_SCRIPTS=1, and always for a load over the JavaScript goal (a CI log then says which).
 */
function listScripts(route: string, scripts: Script[]): void {
  const sorted = [...scripts].sort((a, b) => b.transferred - a.transferred);
  note(`${route}: ${sorted.map((s) => `${new URL(s.url).pathname.replace(/^\/assets\//, "")} ${round(s.transferred / 1024)}`).join(", ")}`);
}

/**
 * One cold load of `route` in a fresh phone-sized context with the CPU slowed down and a slow 4G
 * network: the scripts
 * the page loaded, each once (the service worker's own precache fetches are not the page's), FCP, LCP, CLS and
 * total blocking time (the part over 50 ms of each long task after FCP) until the splash has
 * gone, the network is idle and SETTLE_MS more have passed; then the content is checked as shown.
 */
export async function loadRoute(browser: Browser, baseUrl: string, route: RouteSpec): Promise<PageLoad> {
  // A first load shows the splash (e2e contexts skip it; a phone opening the app does not).
  const context = await newPhoneContext(browser, baseUrl, { splash: true });
  try {
    await route.prepare?.(context);
    await context.addInitScript(OBSERVE, SPLASH_SELECTOR);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...SLOW_4G });
    const scripts: Promise<Script>[] = [];
    const onResponse = (response: Response) => {
      if (response.request().resourceType() === "script") scripts.push(scriptOf(response, context));
    };
    page.on("response", onResponse);
    const timeline = process.env.BENCH_WEB_TIMELINE ? watchTimeline(page) : null;
    await page.goto(route.pathOf?.() ?? route.path);
    // The load is measured first and its content checked after: the check's locators run in the
    // page (Playwright's injected role and accessible-name queries), main-thread work at 4× CPU
    // that no phone runs. Until then the page is asked only plain expressions over CDP: Playwright's
    // own waits and evaluations inject its script first, a long task of 60–100 ms at 4×.
    const ask = async <T>(expression: string): Promise<T> =>
      (await cdp.send("Runtime.evaluate", { expression, returnByValue: true })).result.value as T;
    const splashGone = `document.readyState === "complete" && !document.querySelector(${JSON.stringify(SPLASH_SELECTOR)})`;
    for (const deadline = Date.now() + 60_000; !(await ask<boolean>(splashGone)); await sleep(100)) {
      if (Date.now() > deadline) throw new Error(`${route.name}: the splash was still on screen after 60 s`);
    }
    await page.waitForLoadState("networkidle");
    await sleep(SETTLE_MS);
    const measuredUntil = await ask<number>("performance.now()");
    // The load's scripts are in; one fetched later is not the load's, and could outlive the context.
    page.off("response", onResponse);
    await route.shown(page);
    const perf = await page.evaluate(() => {
      const { lcp, cls, longTasks, splashEnd, lcpElements } = (
        window as unknown as {
          __benchPerf: { lcp: number; cls: number; longTasks: [number, number][]; splashEnd: number; lcpElements: string[] };
        }
      ).__benchPerf;
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
      // Each API address's first answer; a later one is the same read again (a refresh, a poll).
      const firstReads = new Map<string, number>();
      for (const entry of performance.getEntriesByType("resource") as PerformanceResourceTiming[]) {
        const url = new URL(entry.name);
        const address = url.pathname + url.search;
        if (url.pathname.startsWith("/api/") && !firstReads.has(address)) firstReads.set(address, entry.responseEnd);
      }
      return { lcp, cls, longTasks, fcp, splashEnd, lcpElements, firstReads: [...firstReads] };
    });
    const longTasks = perf.longTasks.filter(([start]) => start < measuredUntil);
    const readsAfterSplash = perf.firstReads.filter(([, answered]) => answered > perf.splashEnd).map(([address]) => address);
    const fetched = [...new Map((await Promise.all(scripts)).map((s) => [s.url, s])).values()];
    const kb = (pick: (s: Script) => number) => round(fetched.reduce((n, s) => n + pick(s), 0) / 1024);
    const sentKb = kb((s) => s.transferred);
    if (process.env.BENCH_WEB_SCRIPTS || sentKb > GOALS.js_sent_kb) listScripts(route.name, fetched);
    if (timeline) {
      const tasks = longTasks.map(([start, duration]) => `long task at ${Math.round(start)} ms: ${Math.round(duration)} ms`);
      note(
        `${route.name}: ${[
          ...timeline(),
          `splash gone at ${Math.round(perf.splashEnd)} ms`,
          `read after the splash: ${readsAfterSplash.join(", ") || "none"}`,
          ...tasks,
          ...perf.lcpElements.map((e) => `LCP ${e}`),
        ].join("\n  ")}`,
      );
    }
    const blocking = longTasks.reduce((sum, [start, duration]) => sum + Math.max(0, start + duration - Math.max(start, perf.fcp) - 50), 0);
    return {
      scripts: fetched.length,
      js_raw_kb: kb((s) => s.raw),
      js_transferred_kb: sentKb,
      js_gzip_kb: kb((s) => s.gzip),
      content_encodings: [...new Set(fetched.map((s) => s.encoding))],
      fcp_ms: round(perf.fcp),
      lcp_ms: round(perf.lcp),
      splash_end_ms: round(perf.splashEnd),
      lcp_after_splash_ms: round(Math.max(0, perf.lcp - perf.splashEnd)),
      splash_held_ms: perf.splashEnd ? round(Math.max(0, perf.splashEnd - (perf.fcp + SPLASH_MS))) : 0,
      reads_after_splash: readsAfterSplash.length,
      cls: round(perf.cls, 4),
      tbt_ms: round(blocking),
      long_tasks: longTasks.length,
    };
  } finally {
    await context.close();
  }
}
