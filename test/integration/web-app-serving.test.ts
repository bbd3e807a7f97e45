import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { startService, type TestService } from "../fixtures/service.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(async () => {
  await svc.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${svc.http}${path}`, { headers, redirect: "manual", decompress: false } as RequestInit);

describe("the web app is served from the binary", () => {
  test("GET / without an upgrade redirects to /app/, while an upgrade on / stays the JSON-RPC socket", async () => {
    const r = await get("/");
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe("/app/");
    const c = await svc.connect("/");
    expect((await c.call<{ version: string }>("version")).version).toBeString();
  });

  test("/app/ is HTML that loads hashed assets, precompressed, with ETag and long cache for hashed names", async () => {
    const r = await get("/app/", { "accept-encoding": "br, gzip" });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-encoding")).toBe("br");
    expect(r.headers.get("cache-control")).toBe("no-cache");
    expect(r.headers.get("content-security-policy")).toContain("default-src 'self'");
    const html = brotliDecompressSync(Buffer.from(await r.arrayBuffer())).toString();
    expect(html).toContain('<div id="app">');
    const scripts = [...html.matchAll(/src="(\/app\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) {
      const a = await get(s, { "accept-encoding": "gzip" });
      expect(a.status).toBe(200);
      expect(a.headers.get("content-encoding")).toBe("gzip");
      expect(a.headers.get("cache-control")).toContain("immutable");
      expect(gunzipSync(Buffer.from(await a.arrayBuffer())).length).toBeGreaterThan(100);
      const etag = a.headers.get("etag")!;
      const again = await get(s, { "if-none-match": etag, "accept-encoding": "gzip" });
      expect(again.status).toBe(304);
      const plain = await get(s, { "accept-encoding": "identity" });
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect((await plain.text()).length).toBeGreaterThan(100);
    }
  });

  test("routes of the single-page app serve the page; unknown files are 404", async () => {
    expect((await get("/app/search")).status).toBe(200);
    expect((await get("/app/nope.js")).status).toBe(404);
  });
});
