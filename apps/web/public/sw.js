/* NaijaP2P service worker: caches the app shell so the app opens offline.
 * Hand-written; `vite build` (pwaPrecache plugin in vite.config.ts) fills in VERSION and PRECACHE in dist/sw.js. */
const VERSION = "dev";
const PRECACHE = ["/", "/index.html"];

const PREFIX = "naijap2p-";
const SHELL_CACHE = PREFIX + "shell-" + VERSION;
const ASSET_CACHE = PREFIX + "assets-" + VERSION;
const SHELL_URL = "/index.html";

/**
 * How a request is handled: "bypass" (API, realtime, dev, other origins, non-GET: never cached),
 * "navigate" (network-first, cached shell when offline), "asset" (hashed /assets/*: cache-first),
 * "static" (other same-origin files: network-first, cache fallback).
 */
function classifyRequest(url, method, mode, origin) {
  if (method !== "GET" || url.origin !== origin) return "bypass";
  const p = url.pathname;
  if (p.startsWith("/api/") || p === "/api" || p === "/realtime" || p.startsWith("/realtime/") || p.startsWith("/dev/") || p === "/dev")
    return "bypass";
  if (p === "/sw.js") return "bypass";
  if (mode === "navigate") return "navigate";
  if (p.startsWith("/assets/")) return "asset";
  return "static";
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const keep = new Set([SHELL_CACHE, ASSET_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && !keep.has(k)).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function networkFirstNavigation(request) {
  try {
    const response = await fetch(request);
    const type = response.headers.get("content-type") || "";
    if (response.ok && type.includes("text/html")) {
      const copy = response.clone();
      caches.open(SHELL_CACHE).then((cache) => cache.put(SHELL_URL, copy));
    }
    return response;
  } catch (err) {
    const cached = (await caches.match(SHELL_URL)) || (await caches.match("/"));
    if (cached) return cached;
    throw err;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(ASSET_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      caches.open(ASSET_CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (err) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const kind = classifyRequest(new URL(request.url), request.method, request.mode, self.location.origin);
  if (kind === "bypass") return;
  if (kind === "navigate") event.respondWith(networkFirstNavigation(request));
  else if (kind === "asset") event.respondWith(cacheFirst(request));
  else event.respondWith(networkFirst(request));
});
