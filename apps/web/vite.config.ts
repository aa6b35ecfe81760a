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
 */
function pwaPrecache(): Plugin {
  let outDir = "dist";
  const files = new Set<string>();
  return {
    name: "naijap2p-pwa-precache",
    apply: "build",
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      files.clear();
      const visit = (name: string) => {
        const item = bundle[name];
        if (!item || files.has(name)) return;
        files.add(name);
        if (item.type === "chunk") {
          item.imports.forEach(visit);
          const meta = (item as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata;
          meta?.importedCss?.forEach((css) => files.add(css));
        }
      };
      for (const [name, item] of Object.entries(bundle)) if (item.type === "chunk" && item.isEntry) visit(name);
    },
    closeBundle() {
      const swPath = join(outDir, "sw.js");
      if (!existsSync(swPath)) return;
      const shell = ["/", "/index.html", "/manifest.webmanifest", "/logo.svg", "/icons/icon-192.png"];
      const precache = [...shell, ...[...files].sort().map((f) => "/" + f)];
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
  build: { target: "es2022", sourcemap: false },
});
