/**
 * Issue 10: the device's web app on a phone-class CPU. Headless Debian Chromium (one browser for the whole
 * bench), 360×640, CPU throttled 4× through the DevTools protocol (Emulation.setCPUThrottlingRate), the real
 * service as a process of its own (as on a device) with an indexed tree of 20k games.
 * - First load: bytes of every response body as the browser received them (cold cache), and the embedded
 *   assets' brotli/gzip sizes (the budget is 80 KB compressed).
 * - Navigation → first search result on screen: `/app/search?q=…` (the app boots, connects its WebSocket,
 *   searches, renders), against the same page's static HTML shell (the rendered result page saved as plain
 *   HTML with its CSS inline, no script, served from loopback) in the same run. "On screen" is the first
 *   animation frame after the first result row exists, on the page's own clock (ms since navigation start).
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { launchChromium, phonePage } from "../test/fixtures/browser.ts";
import { freePort, runChild, waitHealthy } from "../test/fixtures/process.ts";
import { RpcClient } from "../test/fixtures/rpc-client.ts";
import { tempDir } from "../test/fixtures/service.ts";
import { createWebEnv } from "../test/fixtures/web-env.ts";
import { median, percentile } from "./lib.ts";

const RUNS = 15;
const QUERY = "mario world";
const CPU_SLOWDOWN = 4;

/** Records, on the page's clock, the first frame that shows a result row. Runs before any page script. */
const OBSERVE = `(() => {
  const seen = () => document.querySelector('[data-testid=results] li');
  const mark = () => requestAnimationFrame(() => { window.__firstResult ??= performance.now(); });
  new MutationObserver((_, obs) => { if (seen()) { obs.disconnect(); mark(); } }).observe(document, { childList: true, subtree: true });
})();`;

async function timeToResult(browser: Browser, url: string): Promise<number> {
  const page = await phonePage(browser);
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.addInitScript(OBSERVE);
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __firstResult?: number }).__firstResult !== undefined, undefined, { timeout: 30_000 });
    return (await page.evaluate(() => (window as unknown as { __firstResult: number }).__firstResult)) as number;
  } finally {
    await page.context().close();
  }
}

async function firstLoadBytes(browser: Browser, url: string): Promise<{ bytes: number; encodings: string }> {
  const page = await phonePage(browser);
  const sizes: Promise<{ bytes: number; encoding: string }>[] = [];
  page.on("requestfinished", (req) =>
    sizes.push((async () => ({ bytes: (await req.sizes()).responseBodySize, encoding: (await req.response())?.headers()["content-encoding"] ?? "identity" }))()),
  );
  try {
    await page.goto(url, { waitUntil: "networkidle" });
    const all = await Promise.all(sizes);
    return { bytes: all.reduce((s, x) => s + x.bytes, 0), encodings: [...new Set(all.map((x) => x.encoding))].join("+") };
  } finally {
    await page.context().close();
  }
}

/** The rendered result page as a static document: same markup and CSS, no script. */
async function staticShell(page: Page, css: string): Promise<string> {
  const body = await page.evaluate(() => document.body.innerHTML.replace(/<script[\s\S]*?<\/script>/g, ""));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>Search · tapserve</title><style>${css}</style></head><body>${body}</body></html>`;
}

export async function run(): Promise<Record<string, number | string>> {
  const env = createWebEnv({ treeFiles: 20_000 });
  const dataDir = tempDir("tapserve-bench-web-");
  writeFileSync(join(dataDir, "config.toml"), env.configToml);
  const port = await freePort();
  const child = runChild(["--data-dir", dataDir, "--port", String(port), "--host", "127.0.0.1"], { env: { TAPSERVE_MDNS: "off" } });
  const svc = { http: `http://127.0.0.1:${port}` };
  await waitHealthy(port, child);
  const rpc = await RpcClient.connect(`ws://127.0.0.1:${port}/`);
  let browser: Browser | undefined;
  let shellServer: ReturnType<typeof Bun.serve> | undefined;
  try {
    await rpc.call("media.index");
    for (let i = 0; i < 600; i++) {
      const { database } = await rpc.call<{ database: { exists: boolean; indexing: boolean } }>("media");
      if (database.exists && !database.indexing) break;
      await Bun.sleep(50);
    }
    const { webAssets } = (await import("../src/web/generated/assets.ts")) as typeof import("../src/web/generated/assets.ts");
    const b64 = (s: string) => Buffer.from(s, "base64").length;
    const brTotal = webAssets.reduce((s, a) => s + b64(a.br), 0);
    const gzTotal = webAssets.reduce((s, a) => s + b64(a.gzip), 0);
    const rawTotal = webAssets.reduce((s, a) => s + a.size, 0);

    browser = await launchChromium();
    const appUrl = `${svc.http}/app/search?q=${encodeURIComponent(QUERY)}`;
    const received = await firstLoadBytes(browser, `${svc.http}/`);

    // the shell: what the app shows for the same query, frozen as HTML (gzip-served, like the app's assets)
    const snap = await phonePage(browser);
    await snap.goto(appUrl);
    await snap.locator("[data-testid=results] li").first().waitFor();
    const cssPath = webAssets.find((a) => a.path.endsWith(".css"))!.path;
    const css = await (await fetch(`${svc.http}${cssPath}`)).text();
    const shell = gzipSync(await staticShell(snap, css));
    await snap.context().close();
    shellServer = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: () => new Response(shell, { headers: { "content-type": "text/html;charset=utf-8", "content-encoding": "gzip", "cache-control": "no-store" } }),
    });
    const shellUrl = `http://127.0.0.1:${shellServer.port}/app/search`;

    const app: number[] = [];
    const base: number[] = [];
    await timeToResult(browser, appUrl); // warm the browser process and the service
    await timeToResult(browser, shellUrl);
    for (let i = 0; i < RUNS; i++) {
      app.push(await timeToResult(browser, appUrl));
      base.push(await timeToResult(browser, shellUrl));
    }
    const appMed = median(app);
    const baseMed = median(base);
    return {
      "first load, bytes received by Chromium (http)": received.bytes,
      "first load, content-encoding used": received.encodings,
      "first load, brotli (all assets)": brTotal,
      "first load, gzip (all assets)": gzTotal,
      "first load, uncompressed": rawTotal,
      "first load budget (bytes)": 80 * 1024,
      [`to first result, app, 4× CPU, median ms (n=${RUNS})`]: appMed,
      "to first result, app, p90 ms": percentile([...app].sort((a, b) => a - b), 90),
      "to first result, static shell, median ms": baseMed,
      "to first result, static shell, p90 ms": percentile([...base].sort((a, b) => a - b), 90),
      "app / static shell": appMed / baseMed,
      "app - static shell, ms": appMed - baseMed,
      "static shell bytes (gzip)": shell.length,
    };
  } finally {
    shellServer?.stop(true);
    await browser?.close();
    rpc.close();
    child.proc.kill("SIGKILL"); // its data folder is thrown away next
    await child.exited;
    rmSync(dataDir, { recursive: true, force: true });
    env.remove();
  }
}
