import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

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

export default defineConfig({
  plugins: [react(), tailwindcss(), pwaPrecache()],
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
