import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { launchChromium } from "../../../e2e/support/browser.js";
import { parseDemoAccounts } from "../../../e2e/support/product.js";
import { spawnProduct } from "../lib/product-process.js";
import { cores, isQuick, note, report } from "../lib/result.js";
import { median, round } from "../lib/stats.js";
import { buildWeb, copyWebBuild } from "./build.js";
import {
  BASELINE_PATH,
  CPU_SLOWDOWN,
  DEMO_EMAIL,
  GOALS,
  GZIP_LEVEL,
  LOW_TIER_PHONE_INDEX,
  SETTLE_MS,
  SLOW_4G,
  lighthouseRuns,
  runsPerRoute,
} from "./config.js";
import { runLighthouse, type LighthouseRun } from "./lighthouse.js";
import { loadRoute, type PageLoad, type RouteSpec } from "./page-load.js";
import { appRoutes, baselineRoute } from "./routes.js";

/*
 * `npm run bench -- web`: a production build served by the real product server (WEB_DIST), loaded
 * cold in headless Chromium at phone size with the CPU slowed down 4×: JavaScript per route, LCP,
 * CLS, total blocking time; and a Lighthouse performance score of the landing page. Baseline in
 * the same run: a static page with no script, served from the same folder by the same server.
 */

/** The median of each figure over the runs, the runs beside them. */
function summarize(runs: PageLoad[]) {
  const pick = (key: keyof Omit<PageLoad, "content_encodings">) => median(runs.map((r) => r[key]));
  return {
    scripts: pick("scripts"),
    js_raw_kb: pick("js_raw_kb"),
    js_transferred_kb: pick("js_transferred_kb"),
    js_gzip_kb: pick("js_gzip_kb"),
    content_encodings: [...new Set(runs.flatMap((r) => r.content_encodings))],
    fcp_ms: pick("fcp_ms"),
    lcp_ms: pick("lcp_ms"),
    splash_end_ms: pick("splash_end_ms"),
    lcp_after_splash_ms: pick("lcp_after_splash_ms"),
    splash_held_ms: pick("splash_held_ms"),
    reads_after_splash: pick("reads_after_splash"),
    cls: round(median(runs.map((r) => r.cls)), 4),
    tbt_ms: pick("tbt_ms"),
    runs: runs.map(({ content_encodings: _, ...figures }) => figures),
  };
}

function summarizeLighthouse(runs: LighthouseRun[]) {
  return { score: median(runs.map((r) => r.score)), lcp_ms: median(runs.map((r) => r.lcp_ms)), tbt_ms: median(runs.map((r) => r.tbt_ms)), runs };
}

/** The phone the slowed loads emulate on this machine, beside the cheap phone the goals mean. */
function emulatedDevice(runs: LighthouseRun[]) {
  const host = median(runs.map((r) => r.benchmark_index));
  const emulated = host / CPU_SLOWDOWN;
  return {
    host_benchmark_index: host,
    host_benchmark_index_runs: runs.map((r) => r.benchmark_index),
    emulated_benchmark_index: round(emulated),
    low_tier_phone_index: LOW_TIER_PHONE_INDEX,
    emulated_speed_of_low_tier_phone: round(emulated / LOW_TIER_PHONE_INDEX, 2),
    meaning: `Lighthouse's benchmark index of this machine (median of its runs here); with the CPU slowed ${CPU_SLOWDOWN}×, the pages ran on a device of about index ÷ ${CPU_SLOWDOWN}; Chrome DevTools' low-tier mobile preset (Moto G Power 2022) is ${LOW_TIER_PHONE_INDEX}, so a speed under 1 is a slower phone than that, over 1 a faster one`,
  };
}

async function loadAll(browser: Browser, baseUrl: string, routes: RouteSpec[], runs: number) {
  const loads = new Map<string, PageLoad[]>(routes.map((r) => [r.name, []]));
  // Round-robin, so a busy moment of the shared machine does not fall on one route only.
  for (let run = 1; run <= runs; run++) {
    for (const route of routes) {
      const load = await loadRoute(browser, baseUrl, route);
      loads.get(route.name)!.push(load);
      note(
        `${route.name} ${run}/${runs}: ${load.js_transferred_kb} KB JS sent, LCP ${load.lcp_ms} ms (splash end ${load.splash_end_ms} ms), CLS ${load.cls}, TBT ${load.tbt_ms} ms`,
      );
    }
  }
  return loads;
}

export async function webBench(): Promise<void> {
  const quick = isQuick();
  const work = mkdtempSync(join(tmpdir(), "p2p-bench-web-"));
  const dist = join(work, "dist");
  try {
    note(quick ? "copying the web app's build into a temporary folder…" : "building the web app into a temporary folder…");
    const buildSeconds = quick ? copyWebBuild(dist) : buildWeb(dist);
    const product = await spawnProduct(["--enable-source-maps", "apps/server/dist/main.js"], {
      NODE_ENV: "development",
      DATA_DIR: join(work, "data"),
      WEB_DIST: dist,
      LOG_LEVEL: "warn",
    });
    let loads: Map<string, PageLoad[]>;
    const lighthouse: LighthouseRun[] = [];
    let lighthouseBaseline: LighthouseRun;
    let demoCredentials: { email: string; password: string } | undefined;
    try {
      await product.ready;
      const demo = parseDemoAccounts(product.output()).find((a) => a.email === DEMO_EMAIL);
      if (!demo) throw new Error(`the server printed no demo sign-in for ${DEMO_EMAIL}`);
      demoCredentials = demo;
      const browser = await launchChromium();
      try {
        loads = await loadAll(browser, product.url, [...appRoutes(demo), baselineRoute], runsPerRoute(quick));
      } finally {
        await browser.close();
      }
      for (let run = 1; run <= lighthouseRuns(quick); run++) {
        lighthouse.push(await runLighthouse(`${product.url}/`));
        note(`lighthouse / ${run}/${lighthouseRuns(quick)}: ${lighthouse.at(-1)!.score}`);
      }
      lighthouseBaseline = await runLighthouse(`${product.url}${BASELINE_PATH}`);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n--- server output ---\n${product.output().slice(-4000)}`, { cause: err });
    } finally {
      await product.stop();
    }

    const names = appRoutes(demoCredentials!).map((r) => r.name);
    const routes = Object.fromEntries(names.map((name) => [name, summarize(loads.get(name)!)]));
    const encodings = [...new Set(Object.values(routes).flatMap((r) => r.content_encodings))];
    const landingScore = summarizeLighthouse(lighthouse);
    const goals = [
      ...Object.entries(routes).flatMap(([name, r]) => [
        {
          metric: `routes.${name}.js_transferred_kb`,
          target: `<= ${GOALS.js_sent_kb}`,
          value: r.js_transferred_kb,
          met: r.js_transferred_kb <= GOALS.js_sent_kb,
        },
        { metric: `routes.${name}.tbt_ms`, target: `<= ${GOALS.tbt_ms}`, value: r.tbt_ms, met: r.tbt_ms <= GOALS.tbt_ms },
        {
          metric: `routes.${name}.lcp_after_splash_ms`,
          target: `<= ${GOALS.lcp_after_splash_ms}`,
          value: r.lcp_after_splash_ms,
          met: r.lcp_after_splash_ms <= GOALS.lcp_after_splash_ms,
        },
        { metric: `routes.${name}.cls`, target: `< ${GOALS.cls}`, value: r.cls, met: r.cls < GOALS.cls },
      ]),
      {
        metric: "lighthouse.landing.score (median)",
        target: `>= ${GOALS.lighthouse}`,
        value: landingScore.score,
        met: landingScore.score >= GOALS.lighthouse,
      },
    ];
    report({
      bench: "web",
      cores,
      build_s: buildSeconds === null ? null : round(buildSeconds),
      server: "the product server (NODE_ENV=development for the demo accounts, embedded store) serving the build through WEB_DIST",
      browser: `headless Chromium, phone viewport 390×844, cold context per load, CPU slowed ${CPU_SLOWDOWN}× and Lighthouse's slow 4G applied (CDP: ${SLOW_4G.latency} ms latency, ${round((SLOW_4G.downloadThroughput * 8) / 1024)} Kbps down)`,
      runs_per_route: runsPerRoute(quick),
      measured: `median of the runs; until the splash has gone, the network is idle and ${SETTLE_MS} ms more, then the route's content is checked as shown (the check's own in-page work is not counted); TBT = the part over 50 ms of each long task after FCP; CLS = the sum of shifts without recent input; splash_end_ms = when the splash left the screen; lcp_after_splash_ms = LCP − splash end; splash_held_ms = how long the splash stayed past its 2 s from FCP, waiting for the first screen; reads_after_splash = API addresses whose first answer came after the splash's end (data the screen still waited for once shown)`,
      js_compression: {
        server_sends: encodings,
        meaning: `js_raw_kb: the scripts' bytes; js_transferred_kb: their Content-Length as sent (${encodings.join(", ")}); js_gzip_kb: gzip -${GZIP_LEVEL} of the bytes, computed here, the goal's unit whatever the server sends`,
      },
      routes,
      lighthouse: { landing: landingScore, setting: "Lighthouse 13 default: mobile, simulated slow 4G, 4× CPU" },
      device: emulatedDevice([...lighthouse, lighthouseBaseline]),
      baseline: {
        what: `a static page (${BASELINE_PATH}: one heading and a paragraph, no script or style sheet) written into the same build folder and served by the same server, loaded the same way`,
        page: summarize(loads.get("baseline")!),
        lighthouse: lighthouseBaseline,
      },
      goal: {
        metric: "routes.*.js_transferred_kb, routes.*.tbt_ms, routes.*.lcp_after_splash_ms, routes.*.cls, lighthouse.landing.score",
        target: `per route: JS <= ${GOALS.js_sent_kb} KB as sent, TBT <= ${GOALS.tbt_ms} ms, LCP <= the splash's end + ${GOALS.lcp_after_splash_ms} ms, CLS < ${GOALS.cls}; Lighthouse >= ${GOALS.lighthouse} (median)`,
        met: goals.every((g) => g.met),
      },
      goals,
      load_after_1m: round(loadavg()[0]!, 2),
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
