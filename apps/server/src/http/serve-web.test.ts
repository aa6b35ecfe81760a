import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";

/** A built web app as `vite build` leaves it: hashed assets with their .br and .gz beside them. */
function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), "web-dist-"));
  mkdirSync(join(dist, "assets"));
  const script = "console.log('naijap2p');".repeat(50);
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>NaijaP2P</title>");
  writeFileSync(join(dist, "assets", "index-abc123.js"), script);
  writeFileSync(join(dist, "assets", "index-abc123.js.br"), brotliCompressSync(script));
  writeFileSync(join(dist, "assets", "index-abc123.js.gz"), gzipSync(script));
  return dist;
}

describe("serving the built web app", () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer({ WEB_DIST: fakeDist() });
  });
  afterAll(() => app.stop());

  const get = (path: string, encoding?: string) => fetch(app.url + path, { headers: encoding ? { "accept-encoding": encoding } : {} });

  it("sends a hashed asset precompressed in the best encoding the browser accepts, cached for a year", async () => {
    const br = await get("/assets/index-abc123.js", "gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(await br.text()).toContain("naijap2p");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");

    const gzip = await get("/assets/index-abc123.js", "gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
  });

  it("sends the plain file to a client that accepts no compression", async () => {
    const plain = await get("/assets/index-abc123.js", "identity");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect((await plain.text()).length).toBe("console.log('naijap2p');".length * 50);
  });

  it("answers any app route with index.html that is revalidated, and leaves the API alone", async () => {
    const page = await get("/order/123");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>NaijaP2P</title>");
    expect(page.headers.get("cache-control")).toBe("no-cache");

    const api = await get("/api/no-such-endpoint");
    expect(api.status).toBe(404);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBeDefined();
  });
});
