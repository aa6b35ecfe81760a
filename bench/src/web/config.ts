/** What the web benchmark measures, how often, and the goals printed beside the figures. */

/** Page loads per route (the median is reported) and Lighthouse runs of the landing page. */
export const runsPerRoute = (quick: boolean) => (quick ? 1 : 3);
export const lighthouseRuns = (quick: boolean) => (quick ? 1 : 3);

/** Chromium's CPU slowdown (CDP Emulation.setCPUThrottlingRate) for every measured page load. */
export const CPU_SLOWDOWN = 4;
/** After the route's content is shown and the network is idle, long tasks and shifts are still collected this long. */
export const SETTLE_MS = 1_000;
/** The zlib level the JavaScript is gzipped at when the server sends it uncompressed. */
export const GZIP_LEVEL = 9;

export const GOALS = {
  js_gzip_kb: 150,
  lcp_ms: 1_500,
  cls: 0.05,
  lighthouse: 95,
};

/** A demo account the development seed creates (apps/server/src/seed/seed-demo.ts). */
export const DEMO_EMAIL = "tunde@naijap2p.test";

/** The baseline page: no script, no style sheet, one heading and a paragraph. */
export const BASELINE_PATH = "/bench-baseline.html";
export const BASELINE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="A static page to measure the browser and server without the app." />
    <title>Baseline</title>
  </head>
  <body>
    <h1>NaijaP2P</h1>
    <p>Secure peer-to-peer crypto trading, with escrow protection, in naira.</p>
  </body>
</html>
`;
