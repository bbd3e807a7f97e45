import { gunzipSync } from "node:zlib";
import type { Hono } from "hono";
import { log } from "../../log.ts";
import type { EmbeddedAsset } from "../../web/embedded-asset.ts";
import type { HttpEnv } from "../http-app.ts";

/**
 * Serves the device's own web app from assets embedded at build time: `GET /` (without a WebSocket upgrade)
 * redirects to `/app/`; hashed files are cached for a year; everything is sent precompressed with an ETag.
 */

interface Prepared {
  asset: EmbeddedAsset;
  br: Uint8Array;
  gzip: Uint8Array;
  identity?: Uint8Array;
}

const CSP = [
  "default-src 'self'",
  "connect-src 'self' ws: wss:",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

async function loadAssets(): Promise<EmbeddedAsset[] | null> {
  try {
    const mod = (await import("../../web/generated/assets.ts")) as { webAssets: EmbeddedAsset[] };
    return mod.webAssets;
  } catch {
    return null;
  }
}

function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return "identity";
}

/**
 * The web app's assets and the routes that serve them. The assets (~150 KB of compressed text in a chunk of its
 * own) are loaded and decoded at the first request under /app/, not at start: most devices are never opened in a
 * browser, and then they cost nothing.
 */
export class WebApp {
  private loading: Promise<Map<string, Prepared>> | null = null;

  private assets(): Promise<Map<string, Prepared>> {
    this.loading ??= loadAssets().then((assets) => {
      if (!assets) log.withTag("web").warn("web app not built (run `make web`); /app/ answers 503");
      const byPath = new Map<string, Prepared>();
      for (const a of assets ?? []) {
        byPath.set(a.path, { asset: a, br: new Uint8Array(Buffer.from(a.br, "base64")), gzip: new Uint8Array(Buffer.from(a.gzip, "base64")) });
      }
      return byPath;
    });
    return this.loading;
  }

  mount(app: Hono<HttpEnv>): void {
    mountWebApp(app, () => this.assets());
  }
}

function mountWebApp(app: Hono<HttpEnv>, assets: () => Promise<Map<string, Prepared>>): void {
  app.get("/", (c) => c.redirect("/app/", 302));
  app.get("/app", (c) => c.redirect("/app/", 301));
  app.get("/app/*", async (c) => {
    const byPath = await assets();
    const index = byPath.get("/app/");
    if (!index) return c.text("the web app is not part of this build\n", 503);
    const path = new URL(c.req.url).pathname;
    // Unknown paths under /app/ are the single-page app's own routes; unknown files are 404.
    const found = byPath.get(path) ?? (/\.[a-z0-9]+$/i.test(path) ? undefined : index);
    if (!found) return c.text("not found\n", 404);
    const headers: Record<string, string> = {
      "content-type": found.asset.type,
      etag: found.asset.etag,
      vary: "accept-encoding",
      "cache-control": found.asset.immutable ? "public, max-age=31536000, immutable" : "no-cache",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    };
    if (found === index) headers["content-security-policy"] = CSP;
    const inm = c.req.header("if-none-match");
    if (inm && inm.split(",").some((t) => t.trim() === found.asset.etag)) return new Response(null, { status: 304, headers });
    const encoding = pickEncoding(c.req.header("accept-encoding"));
    let body: Uint8Array;
    if (encoding === "identity") {
      found.identity ??= new Uint8Array(gunzipSync(found.gzip));
      body = found.identity;
    } else {
      body = encoding === "br" ? found.br : found.gzip;
      headers["content-encoding"] = encoding;
    }
    return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
  });
}
