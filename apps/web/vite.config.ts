import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const apiTarget = process.env.API_URL ?? "http://localhost:3000";

/**
 * Fills the service worker's precache list at build time: dist/sw.js gets the entry chunk, its static
 * imports and CSS plus the shell files, and a VERSION derived from them so each deploy gets new caches.
 * The assets are read from the written index.html (its script, module preloads and style sheet):
 * Vite names the entry anew after the bundle hooks once it has written a worker's address into it.
 */
function pwaPrecache(): Plugin {
  let outDir = "dist";
  return {
    name: "naijap2p-pwa-precache",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const swPath = join(outDir, "sw.js");
      if (!existsSync(swPath)) return;
      const html = readFileSync(join(outDir, "index.html"), "utf8");
      const assets = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!));
      const shell = ["/", "/index.html", "/boot-splash.js", "/manifest.webmanifest", "/logo.svg", "/icons/icon-192.png"];
      const precache = [...shell, ...[...assets].sort()];
      const version = createHash("sha256").update(precache.join("\n")).digest("hex").slice(0, 12);
      const source = readFileSync(swPath, "utf8")
        .replace(/const VERSION = "[^"]*";/, `const VERSION = ${JSON.stringify(version)};`)
        .replace(/const PRECACHE = \[[^\]]*\];/, `const PRECACHE = ${JSON.stringify(precache)};`);
      writeFileSync(swPath, source);
    },
  };
}

/**
 * Writes a .br and a .gz beside every text file of the build, which the server sends to browsers
 * that accept them (@fastify/static preCompressed). Runs last, once sw.js has its precache list.
 */
function precompress(): Plugin {
  let outDir = "dist";
  const text = /\.(html|js|css|svg|json|webmanifest)$/;
  return {
    name: "naijap2p-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        if (!existsSync(outDir)) return; // the build failed before writing
        const files = readdirSync(outDir, { recursive: true, encoding: "utf8" }).filter((f) => text.test(f));
        await Promise.all(
          files.map(async (file) => {
            const bytes = readFileSync(join(outDir, file));
            writeFileSync(join(outDir, `${file}.gz`), await promisify(gzip)(bytes, { level: 9 }));
            writeFileSync(join(outDir, `${file}.br`), await promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          }),
        );
      },
    },
  };
}

/** Module ids inside the named node_modules packages. */
const packages = (...names: string[]) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](${names.map((name) => name.replace("/", "[\\\\/]")).join("|")})[\\\\/]`);

/**
 * A lazily loaded language's catalogs: `locale-fr` for every file under locales/fr/ and for
 * i18n/bundles/fr.ts, which merges them (English is in the entry).
 */
function localeChunk(id: string): string | null {
  const language = (/[\\/]locales[\\/]([a-z]+)[\\/][^\\/]+\.json$/.exec(id) ?? /[\\/]i18n[\\/]bundles[\\/]([a-z]+)\.ts$/.exec(id))?.[1];
  return language && language !== "en" ? `locale-${language}` : null;
}

/**
 * How rolldown groups modules into chunks. Left alone it gives every set of routes that share a
 * module a chunk of its own: the dashboard loaded 103 scripts, most of them one lucide icon each.
 * A group also takes the modules its own modules import, unless a group above it took them first;
 * hence the order, highest priority first:
 * - `vendor`: the libraries the entry needs (React, React Router, TanStack Query,
 *   tailwind-merge): it changes only when they do, so browsers keep it across deploys;
 * - `index`: the entry's own modules stay in the entry chunk, out of the groups below;
 * - `query-hooks`: TanStack Query's parts the entry does not use (mutations, infinite lists), for
 *   /auth's forms and the signed-in screens alike, so `signed-in-data` does not take them;
 * - `icons`: every lucide icon used by two routes or more (one used by a single route stays in it);
 * - `locale-<language>`: one request for a language's catalogs when that language is chosen;
 * - `button`: Button and the Slot it needs (the landing page's only Radix primitive); the other
 *   Radix primitives are left to rolldown, so a screen loads only the ones it uses (a dialog's
 *   focus trap and scroll lock, not the menus' positioning as well);
 * - `ui-basics`: the small presentational primitives (card, badge, inputs, coin logo…), the number
 *   formatters and the clock that keeps relative times counting, Trans, the server texts'
 *   translation and the roles, which nearly every screen uses: one request instead of a dozen of
 *   a few hundred bytes each. On a slow phone network over HTTP/1.1's six connections a request
 *   costs a round trip in a queue, so the signed-in screens appeared about a second later with
 *   them apart;
 * - `signed-in-data`: every feature's query hooks and keys (not /auth's): the signed-in frame's
 *   realtime refreshes need all of them, so one chunk instead of some twenty of 0.2–0.5 KB each;
 *   with them the one text the frame itself says (a session that ended), the frame's and screens'
 *   first reads, and the frame's other small parts that only signed-in screens use (realtime
 *   topics and context, the avatar, a notice's details): each was a request of its own, and three
 *   of them cost 0.3 KB more as sent than inside this chunk. It ranks below `ui-basics`, so the
 *   number formatters its modules import stay there, where /auth and the landing page find them.
 */
const signedInData =
  /[\\/]src[\\/](features[\\/](?!auth[\\/])[^\\/]+[\\/]([\w-]*queries|[\w-]*keys|topics)|texts[\\/]session|realtime[\\/]topics|features[\\/](realtime[\\/]realtime-context|shell[\\/](user-avatar|first-screen-reads)|notifications[\\/]notice-details))\.tsx?$/;
const uiBasics =
  /[\\/]src[\\/](ui[\\/](card|skeleton|empty-state|badge|coin-logo|copy-button|mount-once-opened|input|field|label|select|pager|textarea|page-header|close-label|amount-input|coin-picker|toast)|i18n[\\/](format|intl-formatters|trans|server-text)|lib[\\/]use-now|roles)\.tsx?$/;
const uiButton = /[\\/]src[\\/]ui[\\/]button\.tsx$/;
const buttonPackages = packages("@radix-ui/react-slot", "@radix-ui/react-compose-refs", "class-variance-authority");
const codeSplitting = {
  groups: [
    { name: "vendor", test: /[\\/]node_modules[\\/]/, tags: ["$initial" as const], priority: 40 },
    { name: "index", tags: ["$initial" as const], priority: 40 },
    { name: "query-hooks", test: packages("@tanstack/query-core", "@tanstack/react-query"), priority: 35 },
    { name: "icons", test: packages("lucide-react"), minShareCount: 2, priority: 30 },
    { name: localeChunk, debugName: "locale", priority: 30 },
    { name: "button", test: (id: string) => uiButton.test(id) || buttonPackages.test(id), priority: 30 },
    { name: "ui-basics", test: uiBasics, priority: 29 },
    { name: "signed-in-data", test: signedInData, priority: 28 },
  ],
};

export default defineConfig({
  plugins: [react(), tailwindcss(), pwaPrecache(), precompress()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    proxy: {
      "/api": apiTarget,
      "/dev": apiTarget,
      "/realtime": { target: apiTarget.replace(/^http/, "ws"), ws: true },
    },
  },
  build: {
    target: "es2022",
    // No polyfill for module preloads in the entry (0.3 KB as sent on every route, run by every
    // browser): every browser of the target has them but Safari before 17 and Firefox before 115,
    // which load a route's modules as they import them instead, the first screen somewhat later.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting,
        // Every chunk's name is in the entry's preload map and in the import lines of the chunks
        // that use it, and a hash's characters do not compress: one fewer (42 bits, rolldown's
        // least for this many chunks) is 0.4 KB less on a signed-in screen's first load.
        entryFileNames: "assets/[name]-[hash:7].js",
        chunkFileNames: "assets/[name]-[hash:7].js",
      },
    },
  },
});
